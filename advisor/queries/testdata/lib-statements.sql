SELECT title AS groups FROM book;
SELECT author, COUNT(*) FROM book GROUP BY author ASC;
SELECT title, published FROM book WHERE published > 1900 ORDER BY id;
