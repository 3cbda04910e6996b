-- A schema file that tries to act outside its schema: the schema check sets
-- aside lines 7 to 13 unrun, each named with its line, and the client command
-- of the last line refuses the whole file before any server starts.
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
