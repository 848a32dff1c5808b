package dev.keel.mcp;

import dev.keel.core.ConfigurationException;
import dev.keel.evidence.DiscoveryPlan;
import dev.keel.evidence.DiscoveryPrimitive;
import dev.keel.evidence.PrimitiveRegistry;
import dev.keel.policy.ToolGate;
import dev.keel.policy.ToolTurn;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * MCP tools as discovery primitives ({@code docs/mcp.md}): the host maps each primitive a plan may use to an MCP tool
 * of a {@link McpToolSource}; {@link #registry()} is the {@link PrimitiveRegistry} of those primitives, for
 * {@code DiscoveryPlanBuilder.create(registry)}, so the plan chooses among them; {@link #run} runs a plan's probes by
 * calling the mapped tools through the tool gate, and its {@link McpDiscoveryRun#evidenceInput()} goes to the
 * evidence gate, which decides the answer permission from the probe results.
 *
 * <p>A run calls at most the plan's {@code max_probe_count} tools, in the plan's order, and none when the plan is not
 * allowed. Each call goes through the gate in the turn as the earlier results left it: once a result lowered the
 * decision, later probes' arguments are filtered under the lower one, and once a result of an internal-only domain
 * is in, no external tool is called. A refused call, a failed one and a timeout are probe results (skipped, error),
 * never exceptions. Thread-safe.
 */
public interface McpDiscovery {

    /** A mapping of primitives onto {@code source}'s tools. */
    static Builder builder(McpToolSource source) {
        return new Builder(source);
    }

    /** The registry of the mapped primitives, in mapping order. */
    PrimitiveRegistry registry();

    /** The MCP tool {@code primitive} is mapped to; empty when none. */
    Optional<String> tool(DiscoveryPrimitive primitive);

    /**
     * Runs {@code plan}'s probes in {@code turn}: each allowed primitive's tool is called through {@code gate} with
     * the arguments {@code arguments} gives for it, within the plan's probe budget.
     */
    McpDiscoveryRun run(ToolGate gate, ToolTurn turn, DiscoveryPlan plan,
            Function<DiscoveryPrimitive, Map<String, Object>> arguments);

    /** Collects the mapping of primitives to tools; not thread-safe. */
    final class Builder {
        private final McpToolSource source;
        private final Map<DiscoveryPrimitive, GatedDiscovery.Mapping> mappings = new LinkedHashMap<>();

        private Builder(McpToolSource source) {
            this.source = Objects.requireNonNull(source, "source");
        }

        /** The primitive named {@code wireName} probes with {@code tool}, its rows read by {@link ProbeReader#counts()}. */
        public Builder primitive(String wireName, String tool) {
            return primitive(wireName, tool, ProbeReader.counts());
        }

        /**
         * The primitive named {@code wireName} probes with {@code tool}, its rows read by {@code reader}.
         *
         * @throws ConfigurationException           when no registered server serves {@code tool}, or the primitive
         *                                          is mapped already
         * @throws dev.keel.core.InvalidInputException when {@code wireName} is blank or not trimmed
         */
        public Builder primitive(String wireName, String tool, ProbeReader reader) {
            DiscoveryPrimitive primitive = DiscoveryPrimitive.of(wireName);
            Objects.requireNonNull(reader, "reader");
            if (source.tool(Objects.requireNonNull(tool, "tool")).isEmpty()) {
                throw new ConfigurationException("the primitive " + wireName + " is mapped to the MCP tool " + tool
                        + ", which no registered server serves");
            }
            if (mappings.putIfAbsent(primitive, new GatedDiscovery.Mapping(tool, reader)) != null) {
                throw new ConfigurationException("the primitive " + wireName + " is mapped twice");
            }
            return this;
        }

        public McpDiscovery build() {
            return new GatedDiscovery(source, mappings);
        }
    }
}
