package ordered

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"
)

// TestOrder: results come out in the order the jobs were sent, whatever
// order the workers finish them in, for any number of workers and any
// queue length.
func TestOrder(t *testing.T) {
	const n = 500
	for _, c := range []struct{ workers, ahead int }{{1, 1}, {3, 2}, {8, 64}, {0, 0}, {1000, 5}} {
		t.Run(fmt.Sprintf("workers=%d,ahead=%d", c.workers, c.ahead), func(t *testing.T) {
			var got []int
			err := Run(t.Context(), c.workers, c.ahead,
				func(send func(int) error) error {
					for i := range n {
						if err := send(i); err != nil {
							return err
						}
					}
					return nil
				},
				func() func(int) int {
					return func(i int) int {
						if i%7 == 0 {
							time.Sleep(time.Millisecond) // finish some jobs late
						}
						return i * i
					}
				},
				func(r int) error { got = append(got, r); return nil })
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != n {
				t.Fatalf("%d results, want %d", len(got), n)
			}
			for i, r := range got {
				if r != i*i {
					t.Fatalf("result %d is %d, want %d", i, r, i*i)
				}
			}
		})
	}
}

// TestWorkersKeepState: each worker's function is made once, on its
// worker, and does that worker's jobs in the order they were sent, so
// state it keeps serves job after job: each worker's count of jobs done
// rises by one from result to result. At most MaxWorkers are made.
func TestWorkersKeepState(t *testing.T) {
	type result struct{ worker, done int }
	ids := make(chan int, 2*MaxWorkers) // a worker takes its id from here
	for id := range cap(ids) {
		ids <- id
	}
	last := map[int]int{}
	total := 0
	err := Run(t.Context(), MaxWorkers+10, 4,
		func(send func(int) error) error {
			for i := range 1000 {
				if err := send(i); err != nil {
					return err
				}
			}
			return nil
		},
		func() func(int) result {
			id := <-ids
			done := 0
			return func(int) result { done++; return result{id, done} }
		},
		func(r result) error {
			if r.done != last[r.worker]+1 {
				return fmt.Errorf("worker %d: job %d follows job %d", r.worker, r.done, last[r.worker])
			}
			last[r.worker] = r.done
			total++
			return nil
		})
	if err != nil {
		t.Fatal(err)
	}
	if made := cap(ids) - len(ids); total != 1000 || made > MaxWorkers {
		t.Fatalf("%d results from %d workers; want 1000 from at most %d", total, made, MaxWorkers)
	}
}

// TestErrors: an error from emit or from produce stops Run and is the
// one returned; so does a cancelled context.
func TestErrors(t *testing.T) {
	errEmit, errProduce := errors.New("emit failed"), errors.New("produce failed")
	endless := func(send func(int) error) error {
		for i := 0; ; i++ {
			if err := send(i); err != nil {
				return err
			}
		}
	}
	identity := func() func(int) int { return func(i int) int { return i } }
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, c := range []struct {
		name    string
		ctx     context.Context
		produce func(func(int) error) error
		emit    func(int) error
		want    error
	}{
		{"Emit", context.Background(), endless, func(r int) error {
			if r == 100 {
				return errEmit
			}
			return nil
		}, errEmit},
		{"Produce", context.Background(), func(send func(int) error) error {
			for i := range 10 {
				if err := send(i); err != nil {
					return err
				}
			}
			return errProduce
		}, func(int) error { return nil }, errProduce},
		{"Cancelled", cancelled, endless, func(int) error { return nil }, context.Canceled},
	} {
		t.Run(c.name, func(t *testing.T) {
			if err := Run(c.ctx, 2, 8, c.produce, identity, c.emit); !errors.Is(err, c.want) {
				t.Fatalf("Run: %v, want %v", err, c.want)
			}
		})
	}
}
