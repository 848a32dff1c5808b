package dev.keel.examples.marp.evidence;

import dev.keel.core.ConfigurationException;
import dev.keel.core.io.TextSources;
import dev.keel.evidence.loader.MalformedEvidenceException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Evidence sources over files. Each source reads its file the first time it is asked and keeps the result; a
 * malformed file fails every time it is asked (with {@link MalformedEvidenceException}), so nothing half-loaded is
 * ever used; a file that cannot be read at all fails with {@link ConfigurationException}. The source name is the
 * file name, as the provenance stub lists it.
 *
 * <p>Thread-safe.
 */
public final class EvidenceFiles {

    private EvidenceFiles() {
    }

    public static RegulatedKnowledgeSource regulatedKnowledge(Path file) {
        Objects.requireNonNull(file, "file");
        String name = file.getFileName().toString();
        return new RegulatedKnowledgeSource() {
            private volatile RegulatedKnowledge loaded;

            @Override
            public String name() {
                return name;
            }

            @Override
            public RegulatedKnowledge read() {
                RegulatedKnowledge knowledge = loaded;
                if (knowledge == null) {
                    try {
                        knowledge = RegulatedKnowledgeReader.read(name, TextSources.decode(name, Files.readAllBytes(file)));
                    } catch (IOException e) {
                        throw new ConfigurationException("cannot read evidence file " + file + ": " + e.getMessage(), e);
                    }
                    loaded = knowledge;
                }
                return knowledge;
            }
        };
    }

    public static GovernedDataSource governedData(Path file) {
        Objects.requireNonNull(file, "file");
        String name = file.getFileName().toString();
        return new GovernedDataSource() {
            private volatile GovernedData loaded;

            @Override
            public String name() {
                return name;
            }

            @Override
            public GovernedData read() {
                GovernedData data = loaded;
                if (data == null) {
                    try {
                        data = GovernedDataReader.read(name, Files.readAllBytes(file));
                    } catch (IOException e) {
                        throw new ConfigurationException("cannot read evidence file " + file + ": " + e.getMessage(), e);
                    }
                    loaded = data;
                }
                return data;
            }
        };
    }
}
