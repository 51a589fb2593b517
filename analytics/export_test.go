package analytics

// The benchmark helpers, for the report's benchmark in package
// analytics_test.
var (
	BenchArchive = benchArchive
	OpenBench    = openBench
	ReportCPU    = reportCPU
	CPUTime      = cpuTime
)
