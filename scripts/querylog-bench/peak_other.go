//go:build !linux

package main

// peakMB is the process's peak resident memory in MB; -1 where this
// command does not read it (everywhere but Linux).
func peakMB() int64 { return -1 }
