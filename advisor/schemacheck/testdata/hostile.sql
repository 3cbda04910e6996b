-- A schema file that tries to act outside its schema: every statement below
-- must be refused with its line before any server starts.
CREATE DATABASE app;
USE app;
CREATE TABLE t (a INT);
LOAD DATA INFILE '/etc/passwd' INTO TABLE t;
SELECT * FROM t INTO OUTFILE '/tmp/upgrade-advisor-hostile';
CREATE VIEW v AS SELECT LOAD_FILE('/etc/shadow') AS s;
CREATE TABLE mysql.evil (a INT);
CREATE TABLE other.t (a INT);
SET GLOBAL read_only = 1;
CREATE FUNCTION f RETURNS STRING SONAME 'evil.so';
\! touch /tmp/upgrade-advisor-hostile
