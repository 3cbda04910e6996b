# Reads pt-upgrade's report and prints one line per query class it
# reported: the class's verdict in upgrade-advisor's words, a tab, the
# class's last sample. Verdicts, worst first:
#   breaks   Query errors diffs, the first host (today) without error
#   fixed    Query errors diffs, the second host (the target) without error
#   changed  Row count or Row diffs (pt-upgrade does not tell an order
#            change from a content change)
#   warned   Warning diffs
#   slower   Query time diffs
#   both-fail  SQL errors: the statement failed on both hosts
function rank(v) { return v == "breaks" ? 1 : v == "changed" ? 2 : v == "warned" ? 3 : v == "slower" ? 4 : v == "fixed" ? 5 : v == "both-fail" ? 6 : 9 }
function flush() {
  if (inclass && verdict != "") print verdict "\t" sample
  inclass = 1; verdict = ""; sample = ""; kind = ""; first = 0
}
function found(v) { if (verdict == "" || rank(v) < rank(verdict)) verdict = v }
/^# Query class / { flush(); next }
/^# Stats/ { flush(); inclass = 0; next }
/^## Query errors diffs/ { kind = "errors"; next }
/^## (Row count diffs|Row diffs|Column value diffs)/ { found("changed"); kind = ""; next }
/^## Warning diffs/ { found("warned"); kind = ""; next }
/^## Query time diffs/ { found("slower"); kind = ""; next }
/^## SQL errors/ { found("both-fail"); kind = ""; next }
/^#/ { next }
/^-- [0-9]+\./ { if (kind == "errors") first = 1; next }
first && NF { found($0 == "No error" ? "breaks" : "fixed"); first = 0 }
NF && inclass { sample = $0 }
END { if (inclass) flush() }
