CREATE TABLE "click_log_segments" (
	"segment" varchar(100) PRIMARY KEY NOT NULL,
	"applied_bytes" bigint NOT NULL
);
