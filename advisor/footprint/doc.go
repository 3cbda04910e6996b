// Package footprint is the calibration's conduct toward the server it runs
// on: it reads the server's load between statements (Threads_running, the
// other sessions' statement rate, InnoDB's history list and pending fsyncs,
// the replicas), paces the calibration while the server is busy (--pace),
// holds it while a signal is above its limit or the operator's pause file
// exists, stops it when the abort file exists, and reports all of it as the
// report's load section. It plugs into bench through the calibration's
// hooks (Attach) and never times a statement itself.
package footprint
