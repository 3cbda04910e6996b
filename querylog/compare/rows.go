package compare

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
)

// sameSequence compares the rows in order.
func sameSequence(cols []column, a, b [][]Cell) bool {
	for i := range a {
		if !sameRow(cols, a[i], b[i]) {
			return false
		}
	}
	return true
}

func sameRow(cols []column, a, b []Cell) bool {
	if len(a) != len(b) {
		return false
	}
	for j := range a {
		if j < len(cols) && !cols[j].equal(a[j], b[j]) {
			return false
		}
	}
	return true
}

// multisetDifference returns the rows of a that b lacks and those of b
// that a lacks, counting repeats: rows are grouped by their exact cells,
// then the floats of a group are matched in sorted order within the
// tolerance.
func multisetDifference(cols []column, a, b [][]Cell) (onlyA, onlyB [][]Cell) {
	ga, gb := groupRows(cols, a), groupRows(cols, b)
	for k, ra := range ga {
		rb := gb[k]
		ma, mb := matchFloats(cols, ra, rb)
		onlyA, onlyB = append(onlyA, ma...), append(onlyB, mb...)
	}
	for k, rb := range gb {
		if _, ok := ga[k]; !ok {
			onlyB = append(onlyB, rb...)
		}
	}
	return onlyA, onlyB
}

// groupRows groups rows by the keys of their cells (floats left out).
func groupRows(cols []column, rows [][]Cell) map[string][][]Cell {
	out := map[string][][]Cell{}
	var b strings.Builder
	for _, r := range rows {
		b.Reset()
		for j, c := range r {
			if j < len(cols) {
				k := cols[j].key(c)
				b.WriteString(strconv.Itoa(len(k)))
				b.WriteByte(':')
				b.WriteString(k)
			}
		}
		out[b.String()] = append(out[b.String()], r)
	}
	return out
}

// matchFloats pairs the rows of one group by their float cells, in sorted
// order, and returns those left without a partner on each side.
func matchFloats(cols []column, a, b [][]Cell) (onlyA, onlyB [][]Cell) {
	sortByFloats(cols, a)
	sortByFloats(cols, b)
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		if sameRow(cols, a[i], b[j]) {
			i, j = i+1, j+1
			continue
		}
		if compareFloats(cols, a[i], b[j]) < 0 {
			onlyA = append(onlyA, a[i])
			i++
		} else {
			onlyB = append(onlyB, b[j])
			j++
		}
	}
	return append(onlyA, a[i:]...), append(onlyB, b[j:]...)
}

func sortByFloats(cols []column, rows [][]Cell) {
	slices.SortStableFunc(rows, func(x, y []Cell) int { return compareFloats(cols, x, y) })
}

// compareFloats orders two rows by their float cells (NULL first).
func compareFloats(cols []column, x, y []Cell) int {
	for j, c := range cols {
		if c.kind != kindFloat || c.ignored || j >= len(x) || j >= len(y) {
			continue
		}
		if x[j].Null != y[j].Null {
			if x[j].Null {
				return -1
			}
			return 1
		}
		fx, _ := strconv.ParseFloat(x[j].Text, 64)
		fy, _ := strconv.ParseFloat(y[j].Text, 64)
		if closeEnough(fx, fy, c.tolerance) {
			continue
		}
		if r := cmp.Compare(fx, fy); r != 0 {
			return r
		}
	}
	return 0
}
