-- Stored procedures that call the geometry constructors, each as an
-- application calls them (with arguments), and one function no server has.
-- MariaDB's grammar knows POINT, LINESTRING, ... only with their
-- arguments: asked as NAME() they "do not exist".
CREATE TABLE places (id INT NOT NULL PRIMARY KEY, g GEOMETRY);

DELIMITER //
CREATE PROCEDURE fill_places()
BEGIN
  DECLARE i INT DEFAULT 1;
  INSERT INTO places VALUES (i, POINT(i, i));
END //
CREATE PROCEDURE call_linestring()
BEGIN
  DECLARE i INT DEFAULT 1;
  DO LINESTRING(POINT(i, i), POINT(i + 1, i));
END //
CREATE PROCEDURE call_polygon()
BEGIN
  DECLARE i INT DEFAULT 1;
  DO POLYGON(LINESTRING(POINT(0, 0), POINT(i, 0), POINT(i, i), POINT(0, 0)));
END //
CREATE PROCEDURE call_multipoint()
BEGIN
  DECLARE i INT DEFAULT 1;
  DO MULTIPOINT(POINT(i, i), POINT(i, 0));
END //
CREATE PROCEDURE call_multilinestring()
BEGIN
  DECLARE i INT DEFAULT 1;
  DO MULTILINESTRING(LINESTRING(POINT(0, 0), POINT(i, i)));
END //
CREATE PROCEDURE call_multipolygon()
BEGIN
  DECLARE i INT DEFAULT 1;
  DO MULTIPOLYGON(POLYGON(LINESTRING(POINT(0, 0), POINT(i, 0), POINT(i, i), POINT(0, 0))));
END //
CREATE PROCEDURE call_geometrycollection()
BEGIN
  DECLARE i INT DEFAULT 1;
  DO GEOMETRYCOLLECTION(POINT(i, i));
END //
CREATE PROCEDURE call_missing()
BEGIN
  DECLARE i INT DEFAULT 1;
  DO no_such_function(i);
END //
DELIMITER ;
