-- Client statements of several server statements (the text up to $$):
-- the server stops a text at the statement it refuses, and runs none after it.
CREATE TABLE base (id INT PRIMARY KEY);
DELIMITER $$
CREATE TABLE first_part (id INT PRIMARY KEY);
INSERT INTO nowhere VALUES (1);
CREATE TABLE never_made (id INT PRIMARY KEY)$$
SELECT 1; CREATE PROCEDURE counted(s INT, end INT) BEGIN SELECT s, end; END; SELECT 2$$
CREATE TABLE second_part (id INT PRIMARY KEY); SELECT 3 FROM; CREATE VIEW never_seen AS SELECT 1 AS one$$
DELIMITER ;
CREATE TABLE after_text (id INT PRIMARY KEY);
