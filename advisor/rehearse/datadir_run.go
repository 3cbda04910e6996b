package rehearse

import (
	"context"
	"fmt"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/job"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/report"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
)

// runDatadir is `rehearse --in-place --datadir DIR`: today's version is
// that of the binaries (--source-basedir or the installed ones), its
// settings those of --config; everything that can refuse the rehearsal
// (the pair, the binaries, an unprepared backup, the space) does so
// before anything is copied. No calibration runs: the report is the
// in-place section, its findings and the carried-over settings.
func runDatadir(ctx context.Context, o Options) (*report.RehearseReport, error) {
	if err := datadirSource(o); err != nil {
		return nil, err
	}
	src, err := sandbox.Detect(ctx, o.SourceBasedir)
	if err != nil {
		return nil, fmt.Errorf("%w: "+flagname.InPlace+" "+flagname.Datadir+" needs today's binaries to start the datadir: give "+flagname.SourceBasedir+" (%w)", exitcode.ErrUsage, err)
	}
	if o.ServerVersion == "" {
		o.ServerVersion = fmt.Sprintf("%s-%s", src.Flavor.Vendor, src.Flavor.Version)
	}
	today, err := readToday(ctx, o)
	if err != nil {
		return nil, err
	}
	p, err := planRehearsal(ctx, o, today)
	if err != nil {
		return nil, err
	}
	if p.sourceBin == nil {
		return nil, fmt.Errorf("%w: "+flagname.InPlace+" "+flagname.Datadir+" needs binaries of today's version: %s", exitcode.ErrUsage, p.sourceNote)
	}
	if err := inPlaceRefusal(p.sourceBin.Flavor, p.target); err != nil {
		return nil, err
	}
	if err := datadirRefusal(o.Datadir, p.sourceBin.Flavor); err != nil {
		return nil, err
	}
	if err := queriesDatabaseRefusal(o.Datadir, o.Queries); err != nil {
		return nil, err
	}
	cp, err := sandbox.PlanDatadirCopy(o.Datadir, o.SandboxDir)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", exitcode.ErrUsage, err)
	}
	copies := datadirCopies(o)
	if err := copyRefusal(cp, copies, sandboxParent(o)); err != nil {
		return nil, err
	}
	if o.Warn != nil && !cp.Reflink {
		o.Warn(fmt.Sprintf("the filesystem cannot reflink: %s of %s (%d files) will be made in %s, which has %s free; at 200 MB/s each takes about %.0f s",
			copiesText(copies), mib(cp.Bytes), cp.Files, sandboxParent(o), mib(cp.Free), float64(cp.Bytes)/(200<<20)))
	}
	ip, q, err := rehearseDatadir(ctx, o, p, p.sides[0].options, cp, today.queries)
	if err != nil {
		return nil, err
	}
	r := datadirReport(o, today, p, ip)
	if q != nil {
		r.Queries = q
		r.AddSummary(report.Headline{Text: report.QueriesSummary(q), Action: q.Action()})
	}
	r.Judge()
	return r, nil
}

// datadirReport is the report of a datadir's rehearsal.
func datadirReport(o Options, t *today, p *rehearsal, ip *report.InPlace) *report.RehearseReport {
	todayInfo := binaryInfo(p.sourceBin, p.sourceBin.Flavor)
	todayInfo.Address = flagname.Datadir + " " + ip.Datadir.Source
	r := &report.RehearseReport{
		SchemaVersion: report.SchemaVersion, Command: string(job.CommandRehearse),
		Tool:  report.ToolInfo{Name: "upgrade-advisor", Version: o.ToolVersion},
		Today: todayInfo, Target: binaryInfo(p.targetBin, p.target), Migration: p.carry.Migration,
		SourceRuns: true, Reference: sideToday,
		Carryover: p.carry.Options, Validation: p.validation, Pins: p.pins, Sides: []report.RehearseSide{},
		Method:   "the in-place upgrade on a copy of the datadir: no calibration ran",
		Findings: ip.Datadir.Findings(),
		InPlace:  ip,
	}
	if r.Findings == nil {
		r.Findings = []report.FindingInfo{}
	}
	r.AddSummary(report.Headline{Text: ip.Verdict(), Action: !ip.Clean})
	r.MyCnf = report.RehearseMyCnf(r)
	r.Notes = append(r.Notes, t.inputs.Notes...)
	r.Notes = append(r.Notes, o.Notes...)
	return r
}

// datadirCopies is how many copies of --datadir the rehearsal makes: a
// second one for today's version to run --queries beside the target.
func datadirCopies(o Options) int {
	if o.Queries != nil {
		return 2
	}
	return 1
}

func copiesText(n int) string {
	if n == 1 {
		return "a plain copy"
	}
	return fmt.Sprintf("%d plain copies (the second for today's version to run "+flagname.Queries+" on)", n)
}

func sandboxParent(o Options) string {
	if o.SandboxDir != "" {
		return o.SandboxDir
	}
	return "the system's temporary directory"
}
