package draw

// Golden lets the external tests compare with golden files under the
// package's -update flag.
var Golden = golden
