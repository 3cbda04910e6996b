package footprint

// Load is what the server was doing while the calibration ran and what
// the calibration did about it: the other sessions' load during the rounds,
// the pace, the pauses and their causes, and whether the load may have
// moved the ratios.
type Load struct {
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
	Pace      string  `json:"pace"`
	PaceRatio float64 `json:"pace_ratio"`
	PacedS    float64 `json:"paced_s"`
	HeldS     float64 `json:"held_s"`
	Pauses    []Pause `json:"pauses,omitempty"`
	// Disturbed says the load may have moved the ratios, and Disturbance why.
	Disturbed   bool   `json:"disturbed"`
	Disturbance string `json:"disturbance,omitempty"`
}

// Pause is one cause of pauses: a server signal above its limit or the
// operator's pause file.
type Pause struct {
	Cause   string  `json:"cause"`
	Detail  string  `json:"detail"`
	Count   int     `json:"count"`
	Seconds float64 `json:"seconds"`
}
