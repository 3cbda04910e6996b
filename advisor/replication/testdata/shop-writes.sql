INSERT INTO customers VALUES (2001, 'Ada', 'Paris', 1);
INSERT INTO customers VALUES (2002, 'Strasse', 'Berlin', 1), (2003, 'Straße', 'Berlin', 2);
UPDATE products SET price = price * 1.1 WHERE category = 'toys';
UPDATE customers SET tier = 2 WHERE city = 'Oslo' AND id < 100;
DELETE FROM orders WHERE id > 2950;
INSERT INTO orders VALUES (5001, 2001, 5, 2, '2026-06-01', 'first order');
REPLACE INTO products VALUES (201, 'SKU-201', 'product 201', 9.99, 1.5, 'toys');
UPDATE orders SET qty = qty + 1 WHERE customer_id = 7;
DELETE FROM customers WHERE id = 2002;
