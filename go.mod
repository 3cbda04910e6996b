module github.com/upgrade-advisor/upgrade-advisor

go 1.26.8

require github.com/Masterminds/semver/v3 v3.5.0
