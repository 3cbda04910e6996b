package rehearse

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/carryover"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/report"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/server"
	"github.com/upgrade-advisor/upgrade-advisor/rules"
	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
)

// The sides of a rehearsal.
const (
	sideToday          = report.SideToday
	sideTargetDefaults = report.SideTargetDefaults
	sideTargetCarried  = report.SideTargetCarried
	sideTargetPinned   = report.SideTargetPinned
	sideTargetBothOff  = report.SideTargetBothOff
)

// rehearsal is what a rehearsal will run, decided before any sandbox starts.
type rehearsal struct {
	target     flavor.Flavor
	targetBin  *sandbox.Binary
	sourceBin  *sandbox.Binary // nil when today's version cannot run here
	sourceNote string
	carry      carryover.Carryover
	validation report.RehearseValidation
	pins       []carryover.DriftPin
	sides      []side
	notes      []string
}

// planRehearsal finds the binaries, carries today's settings to the
// target, has the target's binary validate them, and lists the sides.
func planRehearsal(ctx context.Context, o Options, t *today) (*rehearsal, error) {
	p := &rehearsal{}
	var err error
	if p.targetBin, p.target, err = detectFlavor(ctx, o.TargetBasedir); err != nil {
		return nil, fmt.Errorf("%w: "+flagname.TargetBasedir+": %w", exitcode.ErrUsage, err)
	}
	if err := findSource(ctx, o, t, p); err != nil {
		return nil, err
	}
	p.carry = carryover.CarryOver(t.in.Flavor, p.target, t.settings)
	if err := validateCarried(ctx, p, t); err != nil {
		return nil, err
	}
	todayOptions := carryover.TodayOptions(t.settings)
	if p.sourceBin != nil {
		if todayOptions, err = validateToday(ctx, p, todayOptions); err != nil {
			return nil, err
		}
	}
	p.pins = carryover.DDLDriftPins(t.in.Flavor, p.target, t.in.Variables, p.carry)
	carried := p.carry.SandboxOptions()
	if p.sourceBin != nil {
		p.sides = append(p.sides, side{name: sideToday, label: "today: " + p.sourceBin.Flavor.Raw + " with today's settings",
			basedir: p.sourceBin.Basedir, options: todayOptions})
	} else {
		p.sides = append(p.sides, side{name: sideTargetDefaults, label: "target with its defaults", basedir: p.targetBin.Basedir})
	}
	p.sides = append(p.sides, side{name: sideTargetCarried, label: "target with today's settings carried over", basedir: p.targetBin.Basedir, options: carried})
	if len(p.pins) > 0 {
		p.sides = append(p.sides, side{name: sideTargetPinned, label: "target carried over, today's DDL behaviour pinned",
			basedir: p.targetBin.Basedir, options: append(slices.Clone(carried), carryover.PinOptions(p.pins)...)})
	} else {
		p.notes = append(p.notes, "no setting that shapes CREATE TABLE cost changes its default on the way to the target (or today's settings already set it): the pinned target would equal the carried-over one, so it was not started")
	}
	return p, nil
}

// detectFlavor finds the server binary of a basedir and its flavor.
func detectFlavor(ctx context.Context, basedir string) (*sandbox.Binary, flavor.Flavor, error) {
	bin, err := sandbox.Detect(ctx, basedir)
	if err != nil {
		return nil, flavor.Flavor{}, err
	}
	return bin, bin.Flavor, nil
}

// findSource finds binaries of today's version: --source-basedir (which
// must match), or the installed ones when they are of today's series.
func findSource(ctx context.Context, o Options, t *today, p *rehearsal) error {
	bin, fl, err := detectFlavor(ctx, o.SourceBasedir)
	switch {
	case err != nil && o.SourceBasedir != "":
		return fmt.Errorf("%w: "+flagname.SourceBasedir+": %w", exitcode.ErrUsage, err)
	case err != nil && errors.Is(err, sandbox.ErrNoServer):
		p.sourceNote = "no server binaries are installed here"
	case err != nil:
		p.sourceNote = err.Error()
	case !sameSeries(fl, t.in.Flavor) && o.SourceBasedir != "":
		return fmt.Errorf("%w: "+flagname.SourceBasedir+" holds %s, but today's server is %s: give binaries of the same series", exitcode.ErrUsage, fl, t.in.Flavor)
	case !sameSeries(fl, t.in.Flavor):
		p.sourceNote = fmt.Sprintf("the installed binaries are %s, not today's %s %s", fl, t.in.Flavor.Name(), t.in.Flavor.Version.Series())
	default:
		p.sourceBin = bin
		return nil
	}
	p.notes = append(p.notes, fmt.Sprintf("today's version cannot run here (%s): the target as carried over is measured against the target with its defaults "+
		"and with today's behaviour pinned, which still tells which lines of the my.cnf matter; give "+flagname.SourceBasedir+" of a %s %s tarball to measure today's version too",
		p.sourceNote, t.in.Flavor.Name(), t.in.Flavor.Version.Series()))
	return nil
}

// sameSeries reports whether two flavors are the same vendor line and series.
func sameSeries(a, b flavor.Flavor) bool {
	return a.IsMariaDB() == b.IsMariaDB() && a.Version.Series() == b.Version.Series()
}

// validateCarried asks the target's binary about the carried-over options
// and drops those it refuses.
func validateCarried(ctx context.Context, p *rehearsal, t *today) error {
	p.validation.Command = p.targetBin.ValidationCommand()
	refused, err := sandbox.ValidateOptions(ctx, p.targetBin, p.carry.SandboxOptions())
	if err != nil {
		return err
	}
	for _, r := range refused {
		name, _, _ := strings.Cut(r.Option, "=")
		where := ""
		for _, c := range p.carry.Options {
			if c.TargetName == name {
				where = c.Where
			}
		}
		p.carry.Drop(name, r.Message)
		p.validation.Refused = append(p.validation.Refused, report.RefusedInfo{Option: r.Option, Where: where, Message: r.Message})
	}
	return nil
}

// validateToday asks today's binary about today's options and leaves out
// those it refuses (an option file may hold lines today's server ignores
// through loose-, or sections of another version).
func validateToday(ctx context.Context, p *rehearsal, options []string) ([]string, error) {
	refused, err := sandbox.ValidateOptions(ctx, p.sourceBin, options)
	if err != nil {
		return nil, err
	}
	for _, r := range refused {
		options = slices.DeleteFunc(options, func(o string) bool { return o == r.Option })
		p.validation.Source = append(p.validation.Source, report.RefusedInfo{Option: r.Option, Message: r.Message})
	}
	return options, nil
}

// explicitSettings are a live server's settings that come from an option
// file, the command line or persisted variables, sorted by name.
func explicitSettings(vars map[string]rules.Setting) []carryover.CarrySetting {
	var out []carryover.CarrySetting
	for _, name := range slices.Sorted(maps.Keys(vars)) {
		if vars[name].Origin == rules.OriginConfig {
			out = append(out, carryover.CarrySetting{Name: name, Value: vars[name].Value, Where: "server, set at start-up or persisted"})
		}
	}
	return out
}

func joinOptions(opts []string) string {
	if len(opts) == 0 {
		return "no options"
	}
	return strings.Join(opts, " ")
}

// todayAndTarget returns the servers of today's version (nil when it does
// not run here) and of the target as carried over.
func (p *rehearsal) todayAndTarget() (today, target *server.Server) {
	for i := range p.sides {
		switch p.sides[i].name {
		case sideToday:
			today = p.sides[i].srv
		case sideTargetCarried:
			target = p.sides[i].srv
		}
	}
	return today, target
}
