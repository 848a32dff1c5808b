package dev.keel.examples.marp;

import dev.keel.core.ConfigurationException;
import dev.keel.evidence.loader.GovernedDataReader;
import dev.keel.evidence.loader.RegulatedKnowledgeReader;
import dev.keel.evidence.source.GovernedData;
import dev.keel.evidence.source.GovernedDataSource;
import dev.keel.evidence.source.RegulatedKnowledge;
import dev.keel.evidence.source.RegulatedKnowledgeSource;
import dev.keel.policy.GovernanceKnowledge;
import dev.keel.policy.PolicyDocument;
import dev.keel.policy.loader.PolicyFiles;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The four files seed 000 names, as shipped with this example (class path resources under
 * {@code dev/keel/examples/marp/}). Each reader validates its file completely; a malformed file fails with the
 * file, the place and the problem. Thread-safe (no state).
 */
public final class MarpData {

    public static final String POLICY = "marp_policy.json";
    public static final String GOVERNANCE_KNOWLEDGE = "marp_governance_knowledge.md";
    public static final String REGULATED_KNOWLEDGE = "marp_regulated_knowledge.json";
    public static final String GOVERNED_DATA = "marp_governed_data_view.csv";

    private static final String FOLDER = "dev/keel/examples/marp/";

    private MarpData() {
    }

    public static PolicyDocument policy() {
        return PolicyFiles.readPolicyResource(loader(), FOLDER + POLICY);
    }

    public static GovernanceKnowledge governanceKnowledge() {
        return PolicyFiles.readKnowledgeResource(loader(), FOLDER + GOVERNANCE_KNOWLEDGE);
    }

    /** Reads the regulated knowledge when asked, each time: a test can count the reads. */
    public static RegulatedKnowledgeSource regulatedKnowledge() {
        return new RegulatedKnowledgeSource() {
            @Override
            public String name() {
                return REGULATED_KNOWLEDGE;
            }

            @Override
            public RegulatedKnowledge read() {
                return RegulatedKnowledgeReader.read(REGULATED_KNOWLEDGE, text(REGULATED_KNOWLEDGE));
            }
        };
    }

    /** Reads the governed data when asked, each time: a test can count the reads. */
    public static GovernedDataSource governedData() {
        return new GovernedDataSource() {
            @Override
            public String name() {
                return GOVERNED_DATA;
            }

            @Override
            public GovernedData read() {
                try (Reader csv = new InputStreamReader(open(GOVERNED_DATA), StandardCharsets.UTF_8)) {
                    return GovernedDataReader.read(GOVERNED_DATA, csv);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        };
    }

    /** The text of one shipped file. */
    public static String text(String file) {
        try (InputStream in = open(file)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static InputStream open(String file) {
        InputStream in = loader().getResourceAsStream(FOLDER + file);
        if (in == null) {
            throw new ConfigurationException("example data file missing from the class path: " + FOLDER + file);
        }
        return in;
    }

    private static ClassLoader loader() {
        return MarpData.class.getClassLoader();
    }
}
