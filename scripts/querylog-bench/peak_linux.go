package main

import "syscall"

// peakMB is the process's peak resident memory in MB.
func peakMB() int64 {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return ru.Maxrss / 1024 // kilobytes on Linux
}
