package dev.keel.models.loader;

import dev.keel.core.ConfigurationException;
import dev.keel.models.config.LlmConfig;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Reads {@code llm.config.json} (UTF-8). Not pure (file I/O); thread-safe (no state). */
public final class LlmConfigLoader {

    /** The configuration's usual file name. */
    public static final String FILE_NAME = "llm.config.json";

    /** Larger files are refused before they are read: a configuration is a few kilobytes. */
    private static final long MAX_BYTES = 1024 * 1024;

    private LlmConfigLoader() {
    }

    /**
     * Reads and parses the configuration at {@code path}.
     *
     * @throws ConfigurationException naming the file when it cannot be read, is too large, is not UTF-8, or is
     *         not a valid configuration (with the JSON pointer of the field)
     */
    public static LlmConfig load(Path path) {
        String text;
        try {
            if (Files.size(path) > MAX_BYTES) {
                throw new ConfigurationException(path + ": larger than " + MAX_BYTES + " bytes; not an LLM configuration");
            }
            text = StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(Files.readAllBytes(path))).toString();
        } catch (CharacterCodingException e) {
            throw new ConfigurationException(path + ": not UTF-8 text", e);
        } catch (IOException e) {
            throw new ConfigurationException(path + ": cannot be read (" + e.getClass().getSimpleName() + ")", e);
        }
        try {
            return LlmConfig.parse(text);
        } catch (ConfigurationException e) {
            throw new ConfigurationException(path + " " + e.getMessage(), e);
        }
    }
}
