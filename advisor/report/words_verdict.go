package report

// How much of a verdict item the text, Markdown and HTML forms list.

// shownExamples is how many members of a verdict item the text, Markdown
// and HTML forms list without --verbose (JSON lists them all).
const shownExamples = 5

// examplesShown are the members listed and how many are left out.
func examplesShown(xs []VerdictExample, verbose bool) ([]VerdictExample, int) {
	if verbose || len(xs) <= shownExamples {
		return xs, 0
	}
	return xs[:shownExamples], len(xs) - shownExamples
}

// sharedFix is the fix every member of several has, "" otherwise.
func sharedFix(xs []VerdictExample) string {
	if len(xs) < 2 || xs[0].Fix == "" {
		return ""
	}
	for _, x := range xs[1:] {
		if x.Fix != xs[0].Fix {
			return ""
		}
	}
	return xs[0].Fix
}
