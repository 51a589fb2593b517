//go:build !unix

package analytics

import "time"

// cpuTime is not measured on this system: the benchmarks report wall
// time only.
func cpuTime() (time.Duration, bool) { return 0, false }
