-- The shop's customer profiles: JSON documents written by hand, in the
-- spellings an application sends (keys in any order, spaces or none,
-- \u escapes, 1.50 and 1e1). MariaDB keeps each text as written, MySQL
-- stores the parsed document and prints it normalised. Loaded after shop.sql.
USE shop;
CREATE TABLE profiles (
  id INT PRIMARY KEY,
  prefs JSON NOT NULL
) ENGINE=InnoDB;
INSERT INTO profiles VALUES
  (1, '{"theme":"dark","tags":[3,1,2],"limit":1.50}'),
  (2, '{ "news" : true , "caf\\u00e9" : "oui" }'),
  (3, '{"b": {"y": null, "x": [1e1, 0.1]}, "a": "Zoë"}'),
  (4, '[{"k": 2}, {"k": 1}]'),
  (5, '{"a": 1, "b": [1, 2]}');
