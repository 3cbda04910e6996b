-- A monitoring schema's layout: every table first, the foreign keys at the
-- end of the file, some of them pointing at tables created later.
CREATE TABLE hosts (hostid BIGINT UNSIGNED NOT NULL PRIMARY KEY, proxyid BIGINT UNSIGNED NULL,
  templateid BIGINT UNSIGNED NULL, host VARCHAR(128) NOT NULL, KEY hosts_1 (proxyid), KEY hosts_2 (templateid)) ENGINE=InnoDB;
CREATE TABLE items (itemid BIGINT UNSIGNED NOT NULL PRIMARY KEY, hostid BIGINT UNSIGNED NOT NULL,
  valuemapid BIGINT UNSIGNED NULL, name VARCHAR(255) NOT NULL, KEY items_1 (hostid), KEY items_2 (valuemapid)) ENGINE=InnoDB;
CREATE TABLE proxy (proxyid BIGINT UNSIGNED NOT NULL PRIMARY KEY, name VARCHAR(128) NOT NULL) ENGINE=InnoDB;
CREATE TABLE valuemap (valuemapid BIGINT UNSIGNED NOT NULL PRIMARY KEY, hostid BIGINT UNSIGNED NOT NULL,
  name VARCHAR(64) NOT NULL, KEY valuemap_1 (hostid)) ENGINE=InnoDB;
CREATE TABLE triggers_ (triggerid BIGINT UNSIGNED NOT NULL PRIMARY KEY, expression VARCHAR(2048) NOT NULL) ENGINE=InnoDB;
CREATE TABLE functions (functionid BIGINT UNSIGNED NOT NULL PRIMARY KEY, itemid BIGINT UNSIGNED NOT NULL,
  triggerid BIGINT UNSIGNED NOT NULL, KEY functions_1 (triggerid), KEY functions_2 (itemid)) ENGINE=InnoDB;

ALTER TABLE hosts ADD CONSTRAINT c_hosts_1 FOREIGN KEY (proxyid) REFERENCES proxy (proxyid);
ALTER TABLE hosts ADD CONSTRAINT c_hosts_2 FOREIGN KEY (templateid) REFERENCES hosts (hostid);
ALTER TABLE items ADD CONSTRAINT c_items_1 FOREIGN KEY (hostid) REFERENCES hosts (hostid) ON DELETE CASCADE;
ALTER TABLE items ADD CONSTRAINT c_items_2 FOREIGN KEY (valuemapid) REFERENCES valuemap (valuemapid);
ALTER TABLE valuemap ADD CONSTRAINT c_valuemap_1 FOREIGN KEY (hostid) REFERENCES hosts (hostid) ON DELETE CASCADE;
ALTER TABLE functions ADD CONSTRAINT c_functions_1 FOREIGN KEY (itemid) REFERENCES items (itemid) ON DELETE CASCADE,
  ADD CONSTRAINT c_functions_2 FOREIGN KEY (triggerid) REFERENCES triggers_ (triggerid) ON DELETE CASCADE;
