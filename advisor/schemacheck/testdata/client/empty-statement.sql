-- An empty statement in a client statement's text (a ';' after another):
-- the server refuses it and runs nothing after it in the text.
DELIMITER $$
CREATE TABLE made (id INT PRIMARY KEY);;
CREATE PROCEDURE never_made() BEGIN SELECT 1; END$$
DELIMITER ;
CREATE TABLE after_text (id INT PRIMARY KEY);
