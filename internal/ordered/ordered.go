// Package ordered does jobs on several goroutines and hands their results
// on in the order the jobs were given, as cmd/gofmt's sequencer does:
// each job carries a channel of its own for its result, and one goroutine
// takes the results from those channels in the order the jobs were sent.
//
//	err := ordered.Run(ctx, 4, 64,
//		func(send func(string) error) error { ... send(name) ... },
//		func() func(string) int { return len },
//		func(n int) error { fmt.Println(n); return nil })
package ordered

import (
	"context"

	"golang.org/x/sync/errgroup"
)

// MaxWorkers is the most workers Run starts, whatever it is asked for:
// the jobs are work for the processor, so workers beyond the cores only
// hold more jobs in memory at once.
const MaxWorkers = 64

// Run calls produce, which gives the jobs to send one by one, on a
// goroutine of its own. Each job is done by one of workers goroutines
// (at least 1, at most MaxWorkers): newWorker is called once on each and
// returns the function that does that worker's jobs, with whatever state
// the worker keeps from job to job. emit is called with each job's
// result in the order the jobs were sent, on one goroutine.
//
// At most ahead jobs (at least 1) wait between send and emit, done or
// not, besides one in the hands of each worker: memory is bounded
// whatever the number of jobs. The first error from produce or emit
// stops Run and is returned; send then returns the context's error,
// which produce must return. A cancelled ctx stops Run alike.
func Run[J, R any](ctx context.Context, workers, ahead int,
	produce func(send func(J) error) error, newWorker func() func(J) R, emit func(R) error) error {
	workers = min(max(workers, 1), MaxWorkers)
	ahead = max(ahead, 1)
	type task struct {
		job J
		res chan R
	}
	g, ctx := errgroup.WithContext(ctx)
	tasks := make(chan task, ahead)
	results := make(chan chan R, ahead) // in the order of the jobs
	g.Go(func() error {
		defer close(tasks)
		defer close(results)
		return produce(func(j J) error {
			t := task{job: j, res: make(chan R, 1)}
			select {
			case results <- t.res:
			case <-ctx.Done():
				return ctx.Err()
			}
			select {
			case tasks <- t:
				return nil
			case <-ctx.Done():
				return ctx.Err()
			}
		})
	})
	for range workers {
		g.Go(func() error {
			work := newWorker()
			for t := range tasks {
				if err := ctx.Err(); err != nil {
					return err
				}
				t.res <- work(t.job) // never blocks: room for one
			}
			return nil
		})
	}
	g.Go(func() error {
		for res := range results {
			select {
			case r := <-res:
				if err := emit(r); err != nil {
					return err
				}
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		return nil
	})
	return g.Wait()
}
