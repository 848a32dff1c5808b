package dev.keel.spring.boot;

import java.util.Map;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.env.EnvironmentPostProcessor;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * Keel's default level for the connection pool the stores open: HikariCP's logger at WARN, so that a store opening
 * writes nothing at INFO (its three start lines say nothing a host acts on; a pool that fails still logs at WARN or
 * ERROR). Added last, so any level the host sets, in any property source, wins. Runs before Spring Boot applies the
 * logging levels. Stateless and thread-safe.
 *
 * <p>Public only because Spring Boot creates it by name from {@code META-INF/spring.factories}; a host never uses it directly.
 */
public final class StoreLoggingDefaults implements EnvironmentPostProcessor, Ordered {

    /** The property source's name, as the environment lists it. */
    static final String SOURCE = "keel-store-logging-defaults";

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
        environment.getPropertySources().addLast(new MapPropertySource(SOURCE,
                Map.of("logging.level.com.zaxxer.hikari", "warn")));
    }

    @Override
    public int getOrder() {
        return Ordered.LOWEST_PRECEDENCE;
    }
}
