package dev.keel.store.jdbc;

import org.flywaydb.core.api.logging.Log;
import org.flywaydb.core.api.logging.LogCreator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Flyway's log for the stores' migrations: through SLF4J, like the rest of Keel, under Flyway's own logger names
 * ({@code org.flywaydb...}), with only a migration actually applied at INFO. Every store open runs Flyway, and its
 * other INFO lines (the database, the validated migrations, the current version, "up to date") say nothing an
 * operator acts on, so they go to DEBUG; warnings and errors stay what they are. Named in Flyway's
 * {@code loggers} configuration, which instantiates it by its public no-argument constructor from Flyway's own
 * package: that is why the type is public, and the only use it has; a host never needs it. Stateless and
 * thread-safe.
 */
public final class FlywayLogs implements LogCreator {

    /** How Flyway's INFO lines about applying a migration begin ({@code DbMigrate}); the rest is routine. */
    private static final String[] APPLIED = {"Migrating schema", "Successfully applied"};

    @Override
    public Log createLogger(Class<?> clazz) {
        return new Quiet(LoggerFactory.getLogger(clazz));
    }

    /** Whether an INFO line of Flyway's reports a migration applied. */
    static boolean applied(String message) {
        for (String start : APPLIED) {
            if (message.startsWith(start)) {
                return true;
            }
        }
        return false;
    }

    private record Quiet(Logger logger) implements Log {

        @Override
        public boolean isDebugEnabled() {
            return logger.isDebugEnabled();
        }

        @Override
        public void debug(String message) {
            logger.debug(message);
        }

        @Override
        public void info(String message) {
            if (applied(message)) {
                logger.info(message);
            } else {
                logger.debug(message);
            }
        }

        @Override
        public void warn(String message) {
            logger.warn(message);
        }

        @Override
        public void error(String message) {
            logger.error(message);
        }

        @Override
        public void error(String message, Exception failure) {
            logger.error(message, failure);
        }

        /** Flyway's notices are about its editions, not the stores. */
        @Override
        public void notice(String message) {
            logger.debug(message);
        }
    }
}
