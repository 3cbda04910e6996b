module github.com/upgrade-advisor/upgrade-advisor

go 1.26.8

require github.com/Masterminds/semver/v3 v3.5.0

require (
	filippo.io/edwards25519 v1.2.0 // indirect
	github.com/go-sql-driver/mysql v1.10.1 // indirect
)
