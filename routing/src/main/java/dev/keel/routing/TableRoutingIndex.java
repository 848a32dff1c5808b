package dev.keel.routing;

import dev.keel.core.ReasonCodes;
import java.util.Objects;
import java.util.Set;

/** {@link RoutingIndex} over a {@link RoutingTable}. Immutable and thread-safe. */
final class TableRoutingIndex implements RoutingIndex {

    private final RoutingTable table;

    TableRoutingIndex(RoutingTable table) {
        this.table = Objects.requireNonNull(table, "table");
    }

    @Override
    public RoutingTable table() {
        return table;
    }

    @Override
    public RoutingDecision route(RoutingRequest request) {
        String prompt = request.prompt();
        Set<String> scenarios = table.scenarioTagger().mentioned(prompt);
        String scenarioTag = scenarios.isEmpty() ? table.scenarioTagger().defaultTag() : scenarios.iterator().next();
        String digest = request.promptDigest().orElseGet(() -> PromptSignals.digest(prompt));
        String key = request.role() + "|" + request.clearance() + "|" + scenarioTag + "|" + digest;
        int n = RoutingIndex.keyLength(request.role(), request.clearance(), scenarioTag, digest);
        int index = n % RoutingTable.SIZE;
        PoolEntry indexed = table.entry(index);
        RoutingOverride override = table.overrides().isEmpty() ? null : table.overrideFor(request.role()).orElse(null);
        PoolEntry selected = override == null ? indexed : override.entry();
        boolean internalOnly = request.internalOnly();
        String backendTarget = internalOnly ? table.internalBackendTarget() : selected.backendTarget();
        return new RoutingDecision(scenarioTag, digest, key, n, index, indexed, selected, backendTarget, internalOnly,
                override == null ? null : override.name(),
                reasonCodes(scenarios.size() > 1, override != null, internalOnly));
    }

    private static ReasonCodes reasonCodes(boolean severalScenarios, boolean overridden, boolean internalOnly) {
        if (!(severalScenarios || overridden || internalOnly)) {
            return ReasonCodes.empty();
        }
        ReasonCodes.Builder codes = ReasonCodes.builder();
        if (severalScenarios) {
            codes.add("scenario_multiple");
        }
        if (overridden) {
            codes.add("routing_override");
        }
        if (internalOnly) {
            codes.add("internal_only");
        }
        return codes.build();
    }

    /** 1 for the ASCII characters that stay in K, 0 for {@code |} and ASCII white space. */
    private static final byte[] KEPT_ASCII = new byte[0x80];

    static {
        java.util.Arrays.fill(KEPT_ASCII, (byte) 1);
        KEPT_ASCII['|'] = 0;
        KEPT_ASCII[' '] = 0;
        for (char c = 0x09; c <= 0x0D; c++) {
            KEPT_ASCII[c] = 0;
        }
    }

    /** Code points of {@code part} that stay in K: all but {@code |} and white space. */
    static int countKeyCodePoints(String part) {
        int count = 0;
        for (int i = 0, length = part.length(); i < length; ) {
            char c = part.charAt(i);
            if (c < 0x80) {
                count += KEPT_ASCII[c];
                i++;
            } else {
                int cp = part.codePointAt(i);
                if (!PromptSignals.isWhiteSpace(cp)) {
                    count++;
                }
                i += Character.charCount(cp);
            }
        }
        return count;
    }
}
