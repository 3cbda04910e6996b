-- A file of the application's statements, as a developer collects them:
-- read with the mysql client's rules (TestStatementFile).
USE shop;
SET NAMES utf8mb4;
SELECT name FROM items WHERE id = 1;
select name
  from items
 where id = 2;
DELIMITER //
CREATE PROCEDURE touch() BEGIN UPDATE items SET price = price; SELECT 1; END//
DELIMITER ;
USE crm;
SELECT COUNT(*) FROM people WHERE name = 'a;b';
