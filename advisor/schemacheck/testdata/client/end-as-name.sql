-- END and BEGIN are non-reserved words: a routine may name a parameter or
-- a column so. Both clients load this file; an END that is a name does
-- not close the routine's body.
CREATE TABLE periods (id INT NOT NULL PRIMARY KEY, start DATETIME, end DATETIME, begin INT);

DELIMITER //
CREATE FUNCTION overlap(s DATETIME, end DATETIME) RETURNS INT READS SQL DATA
BEGIN
  DECLARE r INT;
  SET @e = end;
  SELECT COUNT(*) INTO r FROM periods p WHERE p.start < end;
  RETURN r;
END//
CREATE PROCEDURE shorten(IN by_days INT)
BEGIN
  DECLARE n INT DEFAULT 0;
  IF (SELECT COUNT(*) FROM periods WHERE end > NOW()) > 0 THEN
    UPDATE periods SET end = end - INTERVAL by_days DAY, begin = begin + 1;
  END IF;
  REPEAT SET n = n + 1; UNTIL n > by_days END REPEAT;
  SELECT CASE WHEN begin > 0 THEN end ELSE start END FROM periods;
END//
DELIMITER ;
CREATE TABLE after_routines (id INT NOT NULL PRIMARY KEY);
