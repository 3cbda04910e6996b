-- An install script meant for `mysql legacy < qualified-schema.sql`: its
-- tables are unqualified, its routines name the schema legacy, which the
-- file never creates.
CREATE TABLE item (id INT NOT NULL PRIMARY KEY, title VARCHAR(80) NOT NULL, stock INT NOT NULL DEFAULT 0);
CREATE TABLE item_log (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, item_id INT NOT NULL, delta INT NOT NULL);

DROP PROCEDURE IF EXISTS legacy.restock;
DELIMITER //
CREATE PROCEDURE legacy.restock(IN p_id INT, IN p_delta INT)
BEGIN
  UPDATE legacy.item SET stock = stock + p_delta WHERE id = p_id;
  INSERT INTO legacy.item_log (item_id, delta) VALUES (p_id, p_delta);
END //
DELIMITER ;

DROP FUNCTION IF EXISTS legacy.in_stock;
DELIMITER //
CREATE FUNCTION legacy.in_stock(p_id INT) RETURNS INT READS SQL DATA
BEGIN
  RETURN (SELECT stock FROM legacy.item WHERE id = p_id);
END //
DELIMITER ;

INSERT INTO item (id, title, stock) VALUES (1, 'lamp', 3);
CALL legacy.restock(1, 2);
SELECT legacy.in_stock(1) AS stock;
