-- The live server's rows for schema.sql: 300 parents (the first ones with
-- the values copies get wrong: every byte, NUL, quotes and backslashes,
-- Latin-1 and 4-byte UTF-8 text, a zero date, the extremes of TIME, BIT
-- and BIGINT UNSIGNED, FLOAT and DOUBLE digits), 900 children referring
-- to parents across the whole table, rows without a primary key, a MyISAM
-- table. Loaded on the "live" server only.
USE sampled;
SET NAMES utf8mb4;
SET SESSION time_zone = '+00:00';
SET SESSION sql_mode = 'STRICT_TRANS_TABLES,NO_ENGINE_SUBSTITUTION';

INSERT INTO parents (id, name, note, flags, price, ratio, weight, doc, made, at, seen, span, yr, kind, tags, raw, body, fixed, big, tiny, secret) VALUES
 (1, 'Åsa Öberg', 'emoji 😀 and 中文', b'1111111111', -12345678.1234, 0.1 + 0.2, 1.2345678, '{"a": [1, 2.5, "x"], "b": {"c": null}}',
  '0000-00-00', '2026-12-02 10:11:12.123456', '2026-12-02 10:11:12.345', '-838:59:59', 1901, 'small', 'red,blue',
  X'00FF7F80', X'000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F', X'00000000', 18446744073709551615, -128, 7),
 (2, 'O''Brien \\ back', 'quote '' and "double" and \\ backslash and NUL \0 inside', b'0000000001', 0.0001, 1e-300, -3.4e38, '[]',
  '1000-01-01', '1000-01-01 00:00:00.000000', '1970-01-01 00:00:01.000', '838:59:59', 2155, 'large', '',
  X'', X'27225C00', X'5C000A0D', 0, 127, NULL),
 (3, 'plain', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);

INSERT INTO parents (id, name, note, flags, price, ratio, weight, doc, made, at, seen, span, yr, kind, tags, raw, body, fixed, big, tiny, secret)
WITH RECURSIVE n (i) AS (SELECT 4 UNION ALL SELECT i + 1 FROM n WHERE i < 300)
SELECT i, CONCAT('parent ', i), REPEAT(CHAR(65 + i % 26), i % 50), i % 1024, i * 1.0625 - 100, i / 7, i / 3,
       JSON_OBJECT('i', i, 'half', i / 2, 'name', CONCAT('p', i)),
       DATE_ADD('2020-01-01', INTERVAL i DAY), DATE_ADD('2020-01-01 00:00:00.5', INTERVAL i * 1000 SECOND),
       DATE_ADD('2021-06-01 12:00:00.25', INTERVAL i HOUR), SEC_TO_TIME(i * 97), 1990 + i % 60,
       ELT(1 + i % 3, 'small', 'large', 'odd'), ELT(1 + i % 4, 'red', 'green', 'red,green,blue', ''),
       UNHEX(LPAD(HEX(i * 2654435761 % 4294967296), 8, '0')), RANDOM_BYTES(1 + i % 40), UNHEX(LPAD(HEX(i), 8, '0')),
       i * 1000003, i % 100 - 50, i * 3
FROM n;

INSERT INTO children (parent_id, qty, label)
WITH RECURSIVE n (i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 900)
SELECT 1 + (i * 37) % 300, i % 9, CONCAT('child ', i) FROM n;

INSERT INTO readings VALUES ('t1', 21.5), ('t1', 21.5), ('t2', NULL), ('t3', -0.000001);

INSERT INTO counters VALUES ('home', 10), ('cart', 3);
