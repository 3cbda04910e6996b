-- Data whose author wrote Windows paths with single backslashes: the
-- backslash before a closing quote escapes it, so the string ends later
-- than meant and the client sends one statement the server refuses.
CREATE TABLE setting (name VARCHAR(40) NOT NULL PRIMARY KEY, value VARCHAR(200) NOT NULL);
INSERT INTO setting (name, value) VALUES ('home', 'C:\Program Files\App\'), ('log', 'C:\logs\j\'), ('mode', 'plain');
INSERT INTO setting (name, value) VALUES ('theme', 'dark');
CREATE TABLE note (id INT NOT NULL PRIMARY KEY, body TEXT);
