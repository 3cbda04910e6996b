// Package sysvars reads MySQL Shell's upgrade-checker data file,
// res/upgrade_checker/sysvars.json in the mysql/mysql-shell repository: per
// variable, the version that added, deprecated and removed it, its
// replacement, and its defaults and allowed values by version and platform.
//
// The file is not part of this repository (it is MySQL Shell's, GPL-2.0):
// the knowledge base's generator (../shellgen) derives Go facts from a copy
// of it, and the reference tests check the knowledge base against it. Locate
// finds that copy.
package sysvars
