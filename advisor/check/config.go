package check

import (
	"context"
	"fmt"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/carryover"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/job"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/report"
	"github.com/upgrade-advisor/upgrade-advisor/rules"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
)

// configOnTarget runs the option validation of the target's binary
// (--target-basedir) on the options of --config that the target reads,
// and adds a finding (rules.FindingTargetBinaryRefused: critical, a
// blocker of the verdict), with file:line, for each option it refuses.
// Paths, ports and identities are not asked (the binary would check that
// the paths exist on this machine); a note says how many.
func configOnTarget(ctx context.Context, r *report.Report, configFile, basedir string) error {
	if configFile == "" {
		return fmt.Errorf("%w: "+flagname.TargetBasedir+" validates the options of "+flagname.Config+" with the target's binary: give "+flagname.Config+" too", exitcode.ErrUsage)
	}
	bin, err := sandbox.Detect(ctx, basedir)
	if err != nil {
		return fmt.Errorf("%w: "+flagname.TargetBasedir+": %w", exitcode.ErrUsage, err)
	}
	target := bin.Flavor
	config, _, err := job.LoadConfig(configFile)
	if err != nil {
		return err
	}
	var options []string
	where := map[string]rules.ConfigOption{}
	skipped := 0
	for _, o := range config {
		switch {
		case !target.ReadsOptionGroup(o.Section):
			continue
		case carryover.IsMachineSetting(o.Name):
			skipped++
			continue
		}
		opt := o.Name
		if o.Loose {
			opt = "loose-" + opt
		}
		if o.Value != "" {
			opt += "=" + o.Value
		}
		options = append(options, opt)
		where[opt] = o
	}
	refused, err := sandbox.ValidateOptions(ctx, bin, options)
	if err != nil {
		return err
	}
	var found []rules.Finding
	kind, _ := rules.KindOf(rules.FindingTargetBinaryRefused)
	for _, rf := range refused {
		o := where[rf.Option]
		loc := fmt.Sprintf("%s:%d", o.File, o.Line)
		found = append(found, rules.Finding{
			ID: rules.FindingTargetBinaryRefused, Severity: kind.Severity,
			Title:  fmt.Sprintf("%s refuses %s (%s): it will not start with this file", target, rf.Option, loc),
			Detail: fmt.Sprintf("The target's own binary (%s) refused the option at %s: %s", bin.Path, loc, rf.Message),
			Evidence: map[string]string{"option": rf.Option, "file": o.File, "line": fmt.Sprint(o.Line),
				"binary": bin.Path, "message": rf.Message},
			Recommendation: rules.Recommendation{MyCnf: []string{"# remove or replace (" + loc + "): " + rf.Option}},
		})
	}
	r.Findings = append(report.FindingsOf(found), r.Findings...)
	if r.Target != nil {
		r.Target.Binary = bin.Path
	}
	r.Notes = append(r.Notes, fmt.Sprintf("target binary: asked %s (%s) about %d option(s) of "+flagname.Config+"; it refused %d; %d path, port or identity option(s) not asked",
		bin.Flavor.Raw, bin.ValidationCommand(), len(options), len(refused), skipped))
	return nil
}
