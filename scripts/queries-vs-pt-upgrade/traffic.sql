-- The shop's traffic, run by the mariadb client (--force) on today's
-- MariaDB 10.11 with its slow log taking every statement. Each statement
-- is there for what it does on a later version; the comment says what.
SET NAMES utf8mb4;
-- plain reads, several samples of a class
SELECT id, name, city FROM customers WHERE id = 7;
SELECT id, name, city FROM customers WHERE id = 42;
SELECT id, name, city FROM customers WHERE id = 311;
SELECT * FROM products WHERE category = 'toys' AND id > 150 ORDER BY id LIMIT 5;
SELECT * FROM products WHERE category = 'books' AND id > 20 ORDER BY id LIMIT 5;
-- words reserved later: rank (MySQL 8.0), vector (MariaDB 11.7); offset is
-- reserved in MariaDB 10.6 but not in MySQL: it fails today
SELECT name AS rank FROM customers WHERE id = 3;
SELECT title AS vector FROM products WHERE id = 2;
SELECT title AS offset FROM products WHERE id = 2;
-- syntax and functions MySQL 8.0 removed
SELECT city, COUNT(*) FROM customers GROUP BY city DESC;
SELECT PASSWORD('secret');
SELECT ENCRYPT('secret', 'ab');
SELECT MD5(name) FROM customers WHERE id = 1;
SELECT @@query_cache_size;
SELECT @@tx_isolation;
SHOW MASTER STATUS;
-- ONLY_FULL_GROUP_BY, MySQL's default sql_mode
SELECT city, name, COUNT(*) FROM customers GROUP BY city ORDER BY city;
-- collations: a trailing space (NO PAD), ß against ss, the order of names,
-- what DISTINCT folds together
SELECT COUNT(*) FROM customers WHERE city = 'Oslo ';
SELECT id, name FROM customers WHERE name = 'Strasse' ORDER BY id;
SELECT id, name FROM customers WHERE name = 'Oystein' ORDER BY id;
SELECT id, name FROM customers WHERE id <= 12 ORDER BY name, id;
SELECT GROUP_CONCAT(DISTINCT city ORDER BY city SEPARATOR '|') FROM customers;
-- GROUP BY without ORDER BY: MariaDB sorts the groups, MySQL 8.0 does not
SELECT status, COUNT(*) FROM orders GROUP BY status;
SELECT category, SUM(price) FROM products GROUP BY category;
-- deprecated: warnings on MySQL 9.7
SELECT SQL_CALC_FOUND_ROWS id FROM orders WHERE qty > 3 ORDER BY id LIMIT 5;
SELECT FOUND_ROWS();
SELECT SQL_NO_CACHE COUNT(*) FROM orders WHERE status = 'paid';
INSERT INTO stock (product_id, qty) VALUES (3, 1) ON DUPLICATE KEY UPDATE qty = qty + VALUES(qty);
-- writes (the rehearsal rolls them back; pt-upgrade leaves them out)
UPDATE orders SET status = 'shipped' WHERE id = 17;
DELETE FROM orders WHERE id = 18;
INSERT INTO orders VALUES (5001, 1, 1, 1, '2026-12-02 10:00:00', 'new', 'walk-in');
-- numbers as each server prints them
SELECT AVG(weight), SUM(price), STDDEV(price) FROM products;
SELECT weight, weight * 1.1 FROM products WHERE id = 5;
SELECT price / 3, price * 1.175 FROM products WHERE id = 6;
SELECT JSON_OBJECT('id', id, 'price', price, 'weight', weight) FROM products WHERE id = 4;
-- joins and scans (plans, latency)
SELECT o.id, c.name, p.title FROM orders o JOIN customers c ON c.id = o.customer_id JOIN products p ON p.id = o.product_id WHERE o.qty = 2 ORDER BY o.id LIMIT 10;
SELECT c.city, SUM(o.qty) FROM customers c JOIN orders o ON o.customer_id = c.id GROUP BY c.city ORDER BY c.city;
SELECT p.category, COUNT(*) FROM orders o JOIN products p ON p.id = o.product_id WHERE o.status = 'new' GROUP BY p.category ORDER BY p.category;
SELECT COUNT(*) FROM orders WHERE note LIKE '%gift%';
SELECT COUNT(*) FROM customers WHERE name LIKE '%mil%';
SELECT id FROM orders WHERE customer_id IN (5, 17, 99, 204) ORDER BY id;
SELECT id FROM orders WHERE customer_id IN (6, 18) ORDER BY id;
-- functions that differ by nature
SELECT VERSION() LIKE '10%';
SELECT NOW() > '2020-01-01', UUID() IS NOT NULL, CONNECTION_ID() > 0;
