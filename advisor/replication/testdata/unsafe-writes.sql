UPDATE customers SET name = UUID() WHERE id = 1;
UPDATE customers SET tier = 3 WHERE city = 'Paris' LIMIT 5;
UPDATE orders SET placed = NOW() WHERE id = 1;
