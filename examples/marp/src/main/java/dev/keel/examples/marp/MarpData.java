package dev.keel.examples.marp;

import dev.keel.core.ConfigurationException;
import dev.keel.core.io.TextSources;
import dev.keel.examples.marp.evidence.GovernedDataReader;
import dev.keel.examples.marp.evidence.RegulatedKnowledgeReader;
import dev.keel.examples.marp.evidence.GovernedData;
import dev.keel.examples.marp.evidence.GovernedDataSource;
import dev.keel.examples.marp.evidence.RegulatedKnowledge;
import dev.keel.examples.marp.evidence.RegulatedKnowledgeSource;
import dev.keel.policy.GovernanceKnowledge;
import dev.keel.core.Principal;
import dev.keel.policy.PolicyDocument;
import dev.keel.policy.PrincipalResolver;
import dev.keel.policy.PromptClaimMode;
import dev.keel.policy.loader.PolicyFiles;
import dev.keel.examples.marp.routing.LengthModTenStrategy;
import dev.keel.examples.marp.routing.LengthModTenStrategyProvider;
import dev.keel.routing.RoutingStrategies;
import dev.keel.routing.RoutingTable;
import dev.keel.routing.loader.RoutingTables;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * The four files of the example, as shipped with this example (class path resources under
 * {@code dev/keel/examples/marp/}). Each reader validates its file completely; a malformed file fails with the
 * file, the place and the problem. Thread-safe (no state).
 */
public final class MarpData {

    public static final String POLICY = "marp_policy.json";
    public static final String GOVERNANCE_KNOWLEDGE = "marp_governance_knowledge.md";
    public static final String REGULATED_KNOWLEDGE = "marp_regulated_knowledge.json";
    public static final String GOVERNED_DATA = "marp_governed_data_view.csv";
    /** The routing table: the seed's length-mod-10 strategy and its pools, the internal backend, the auditor override. */
    public static final String ROUTING_TABLE = "marp_routing_table.json";

    private static final String FOLDER = "dev/keel/examples/marp/";
    /** The strategies the example's table may name: the built-in one and the seed's. */
    private static final RoutingStrategies ROUTING_STRATEGIES = RoutingStrategies.builtIn()
            .with(new LengthModTenStrategyProvider());

    private MarpData() {
    }

    public static PolicyDocument policy() {
        return PolicyFiles.readPolicyResource(loader(), FOLDER + POLICY);
    }

    public static GovernanceKnowledge governanceKnowledge() {
        return PolicyFiles.readKnowledgeResource(loader(), FOLDER + GOVERNANCE_KNOWLEDGE);
    }

    /**
     * How the assistant trusts prompts: when the host names nobody, a {@code ROLE / CLEARANCE} claim in the prompt
     * is used as written, and without one the request is evaluated as {@code planner} / {@code secret}; against a
     * principal the host passed, a claim may only lower privilege under {@code policy}.
     */
    public static PrincipalResolver principalResolver(PolicyDocument policy) {
        return PrincipalResolver.builder().promptClaims(PromptClaimMode.AUTHORITATIVE).policy(policy)
                .defaultPrincipal(Principal.of("planner", "secret")).build();
    }

    /**
     * The routing table, on the seed's {@link LengthModTenStrategy}: index 0 is ChatGPT (detailed analysis,
     * internal), 1 to 5 Llama (balanced summary), 6 to 9 Deepseek (policy summary); the internal backend is
     * {@code internal_chatgpt}; auditors always get ChatGPT with detailed analysis; the scenario tag is
     * {@code SCENARIO 1}, {@code 2} or {@code 3}.
     */
    public static RoutingTable routingTable() {
        return RoutingTables.readResource(loader(), FOLDER + ROUTING_TABLE, ROUTING_STRATEGIES);
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
                return GovernedDataReader.read(GOVERNED_DATA, bytes(GOVERNED_DATA));
            }
        };
    }

    /** The text of one shipped file. */
    public static String text(String file) {
        return TextSources.readResource(loader(), FOLDER + file);
    }

    private static byte[] bytes(String file) {
        try (InputStream in = open(file)) {
            return in.readAllBytes();
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
