// Package job holds what every job reads and builds around the server it
// uses: the command and what it measures, the choices read before
// connecting (--workload, --target, --config) and the rules' snapshot of an
// inspected server with them, and the calibration's result as the rules
// see it (Measurements).
package job
