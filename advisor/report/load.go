package report

import (
	"fmt"
	"strings"
)

// LoadInfo is what the server was doing while the calibration ran and what
// the calibration did about it: the other sessions' load during the rounds,
// the pace, the pauses and their causes, and whether the load may have
// moved the ratios.
type LoadInfo struct {
	// UnderLoad: other sessions kept the server busy during the rounds.
	UnderLoad bool `json:"under_load"`
	// OthersQuestionsPerS is the server's Questions rate less the tool's own
	// statements, mean and highest reading (one reading a second).
	OthersQuestionsPerS    float64 `json:"others_questions_per_s"`
	OthersQuestionsPerSMax float64 `json:"others_questions_per_s_max"`
	// ThreadsRunning is Threads_running less the tool's reading, mean and highest.
	ThreadsRunning    float64 `json:"threads_running"`
	ThreadsRunningMax int64   `json:"threads_running_max"`
	// HistoryLengthMax and PendingFsyncsMax are the highest readings (-1:
	// the server does not show them to this user).
	HistoryLengthMax int64 `json:"history_list_length_max"`
	PendingFsyncsMax int64 `json:"pending_fsyncs_max"`
	// Replicas registered with this server as a source (-1: not readable).
	// Their lag is not read; the scratch DDL is not replicated (sql_log_bin=0).
	Replicas int `json:"replicas"`
	// Pace is the --pace asked (auto, off or a ratio); PaceRatio the highest
	// ratio applied; PacedS the time slept by it; HeldS all the time the
	// calibration held (pacing and pauses), which the budget does not count.
	Pace      string      `json:"pace"`
	PaceRatio float64     `json:"pace_ratio"`
	PacedS    float64     `json:"paced_s"`
	HeldS     float64     `json:"held_s"`
	Pauses    []PauseInfo `json:"pauses,omitempty"`
	// Disturbed says the load may have moved the ratios, and Disturbance why.
	Disturbed   bool   `json:"disturbed"`
	Disturbance string `json:"disturbance,omitempty"`
}

// PauseInfo is one cause of pauses: a server signal above its limit or the
// operator's pause file.
type PauseInfo struct {
	Cause   string  `json:"cause"`
	Detail  string  `json:"detail"`
	Count   int     `json:"count"`
	Seconds float64 `json:"seconds"`
}

// loadLines is the "under load" section as plain sentences, shared by the
// text and Markdown reports.
func loadLines(l *LoadInfo) []string {
	state := "quiet"
	if l.UnderLoad {
		state = "measured under load"
	}
	out := []string{fmt.Sprintf("%s: other sessions' statements %.0f/s (max %.0f), Threads_running %.1f (max %d) during the calibration; history list length max %s, pending fsyncs max %s, replicas %s",
		state, l.OthersQuestionsPerS, l.OthersQuestionsPerSMax, l.ThreadsRunning, l.ThreadsRunningMax,
		known(l.HistoryLengthMax), known(l.PendingFsyncsMax), known(int64(l.Replicas)))}
	pace := fmt.Sprintf("pace %s", l.Pace)
	if l.PaceRatio > 0 {
		pace += fmt.Sprintf(": slept %gx each statement's time, %.1f s in all", l.PaceRatio, l.PacedS)
	} else {
		pace += ": not paced"
	}
	out = append(out, pace+fmt.Sprintf("; %.1f s held in all (pacing and pauses; not counted against --budget)", l.HeldS))
	for _, p := range l.Pauses {
		out = append(out, fmt.Sprintf("paused %d time(s), %.1f s, waiting for %s (%s)", p.Count, p.Seconds, p.Cause, p.Detail))
	}
	if l.Disturbed {
		out = append(out, "the load may have moved the ratios: "+l.Disturbance+"; the figures are less certain than their intervals say: confirm on a quieter server")
	}
	return out
}

func known(v int64) string {
	if v < 0 {
		return "unknown"
	}
	return fmt.Sprint(v)
}

func (p *printer) load(r *Report) {
	if r.Load == nil {
		return
	}
	marker := "[--]"
	if r.Load.Disturbed {
		marker = "[!!]"
	}
	lines := loadLines(r.Load)
	p.line("%s Server load: %s", marker, lines[0])
	for _, l := range lines[1:] {
		p.line("       %s", l)
	}
}

func (m *mdWriter) load(r *Report) {
	if r.Load == nil {
		return
	}
	m.heading(2, "Server load during the calibration")
	for _, l := range loadLines(r.Load) {
		m.line("- " + mdText(strings.ToUpper(l[:1])+l[1:]))
	}
	m.line("")
}
