-- Tables written for sql_mode='': zero dates as defaults load there, and
-- every later ALTER TABLE under a strict sql_mode fails.
SET sql_mode = '';
CREATE TABLE event_log (id INT NOT NULL PRIMARY KEY, created DATETIME NOT NULL DEFAULT '0000-00-00 00:00:00',
  day DATE NOT NULL DEFAULT '0000-00-00', message VARCHAR(200) NOT NULL DEFAULT '');
CREATE TABLE counter (id INT NOT NULL PRIMARY KEY, hits INT NOT NULL DEFAULT 0);
