package dev.keel.spring.boot;

import dev.keel.core.ConfigurationException;
import dev.keel.core.KeelException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.jspecify.annotations.Nullable;
import org.springframework.core.io.Resource;

/** The UTF-8 text of a resource a property names, and the failures that name it. Stateless and thread-safe. */
final class ResourceText {

    private ResourceText() {
    }

    /**
     * The startup failure of a document the property names that is not valid: the property, the resource and the
     * document's own message (which names the field and the problem).
     */
    public static ConfigurationException invalid(String property, @Nullable Resource resource,
                                                 KeelException invalid) {
        return new ConfigurationException(property + ": " + (resource == null ? "" : resource.getDescription() + ": ")
                + invalid.getMessage(), invalid);
    }

    /** @throws ConfigurationException when the property is unset or the resource cannot be read */
    public static String read(@Nullable Resource resource, String property) {
        if (resource == null) {
            throw new ConfigurationException(property + " is not set");
        }
        try (InputStream in = resource.getInputStream()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException failure) {
            throw new ConfigurationException(property + ": cannot read " + resource.getDescription(), failure);
        }
    }
}
