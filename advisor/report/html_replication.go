package report

// htmlReplicationSection is the replication section of a rehearsal's
// HTML page.
const htmlReplicationSection = `{{define "replication"}}<h2>Replication</h2>
<p>{{len .Runs}} run(s), {{printf "%.1f" .DurationS}} s, the tool's peak memory {{printf "%.1f" .PeakRSSMB}} MB.</p>
{{range .Runs}}<h3 class="{{if .Broken}}dropped{{else}}clean{{end}}">{{.Verdict}}</h3>
<ul>{{range .Lines}}<li>{{.}}</li>
{{end}}</ul>
{{end}}{{if .Notes}}<ul>{{range .Notes}}<li>{{.}}</li>{{end}}</ul>{{end}}
{{end}}`

// Lines are the run's details for the HTML page.
func (r ReplicationRun) Lines() []string { return r.lines() }
