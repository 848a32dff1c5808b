package dev.keel.examples.marp.routing;

import dev.keel.core.InvalidPolicyException;
import dev.keel.core.ReasonCodes;
import dev.keel.core.text.UnicodeText;
import dev.keel.routing.PoolEntry;
import dev.keel.routing.PromptSignals;
import dev.keel.routing.RoutingRequest;
import dev.keel.routing.RoutingStrategy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * The MARP seed's routing rule, as a {@link RoutingStrategy} of this example (described in
 * {@code docs/marp-example.md}, "Model routing"):
 *
 * <ol>
 *   <li>{@code K = "<role>|<clearance>|<scenario_tag>|<prompt_digest>"}, with the scenario tag its
 *       {@link ScenarioTagger} reads in the prompt and the caller's digest or {@link PromptSignals#digest};</li>
 *   <li>remove every {@code |} and every white-space character (Unicode {@code White_Space}) from K;</li>
 *   <li>{@code N} = the number of Unicode code points left;</li>
 *   <li>{@code index = N mod 10} selects one of ten entries.</li>
 * </ol>
 *
 * <p>Its facts are {@code scenario_tag}, {@code routing_key}, {@code n} and {@code index}, in that order; a prompt
 * that names several scenario tags adds the reason code {@code scenario_multiple}. Immutable, pure and thread-safe.
 */
public final class LengthModTenStrategy implements RoutingStrategy {

    /** The name a routing table gives as {@code "strategy"}. */
    public static final String NAME = "marp_length_mod_10";
    /** The number of entries: {@code N mod 10}. */
    public static final int SIZE = 10;

    private final PoolEntry[] entries;
    private final ScenarioTagger scenarioTagger;

    private LengthModTenStrategy(PoolEntry[] entries, ScenarioTagger scenarioTagger) {
        this.entries = entries;
        this.scenarioTagger = scenarioTagger;
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * {@code N} for a key made of these parts: their code points, not counting {@code |} or white space. The same
     * as building K and counting, without building it.
     */
    public static int keyLength(String role, String clearance, String scenarioTag, String promptDigest) {
        return countKeyCodePoints(role) + countKeyCodePoints(clearance) + countKeyCodePoints(scenarioTag)
                + countKeyCodePoints(promptDigest);
    }

    @Override
    public Selection select(RoutingRequest request) {
        String prompt = request.prompt();
        Set<String> scenarios = scenarioTagger.mentioned(prompt);
        String scenarioTag = scenarios.isEmpty() ? scenarioTagger.defaultTag() : scenarios.iterator().next();
        String digest = request.promptDigest().orElseGet(() -> PromptSignals.digest(prompt));
        int n = keyLength(request.role(), request.clearance(), scenarioTag, digest);
        int index = n % SIZE;
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("scenario_tag", scenarioTag);
        facts.put(Selection.ROUTING_KEY, request.role() + "|" + request.clearance() + "|" + scenarioTag + "|" + digest);
        facts.put("n", n);
        facts.put("index", index);
        return new Selection(entries[index], facts,
                scenarios.size() > 1 ? ReasonCodes.of("scenario_multiple") : ReasonCodes.empty());
    }

    /** The entry index {@code index} selects. @throws IndexOutOfBoundsException unless 0 ≤ index < 10 */
    public PoolEntry entry(int index) {
        return entries[index];
    }

    /** How the key's scenario tag is read; {@link ScenarioTagger#none()} unless configured. */
    public ScenarioTagger scenarioTagger() {
        return scenarioTagger;
    }

    @Override
    public List<PoolEntry> entries() {
        return Arrays.stream(entries).distinct().toList();
    }

    /**
     * {@code strategy}, the pools (indexes with equal entries grouped, by first index), {@code scenario_tag}: written
     * by the table's format ({@link LengthModTenStrategyProvider}).
     */
    @Override
    public Map<String, Object> toTree() {
        return LengthModTenStrategyProvider.write(this);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof LengthModTenStrategy that && Arrays.equals(entries, that.entries)
                && scenarioTagger.equals(that.scenarioTagger);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(entries) + scenarioTagger.hashCode();
    }

    @Override
    public String toString() {
        return "LengthModTenStrategy" + toTree();
    }

    /** 1 for the ASCII characters that stay in K, 0 for {@code |} and ASCII white space. */
    private static final byte[] KEPT_ASCII = new byte[0x80];

    static {
        Arrays.fill(KEPT_ASCII, (byte) 1);
        KEPT_ASCII['|'] = 0;
        KEPT_ASCII[' '] = 0;
        for (char c = 0x09; c <= 0x0D; c++) {
            KEPT_ASCII[c] = 0;
        }
    }

    // Code points of part that stay in K: all but '|' and white space. ASCII by table: the common case, no lookup.
    private static int countKeyCodePoints(String part) {
        int count = 0;
        for (int i = 0, length = part.length(); i < length; ) {
            char c = part.charAt(i);
            if (c < 0x80) {
                count += KEPT_ASCII[c];
                i++;
            } else {
                int cp = part.codePointAt(i);
                if (!UnicodeText.isWhiteSpace(cp)) {
                    count++;
                }
                i += Character.charCount(cp);
            }
        }
        return count;
    }

    /** Assembles the strategy; {@link #build()} checks that every index 0..9 has exactly one entry. Not thread-safe. */
    public static final class Builder {
        private final PoolEntry[] entries = new PoolEntry[SIZE];
        private final String[] setAt = new String[SIZE];
        private final List<String> problems = new ArrayList<>();
        private ScenarioTagger scenarioTagger = ScenarioTagger.none();

        private Builder() {
        }

        /** Indexes {@code from} to {@code to} (inclusive) select {@code entry}. */
        public Builder entries(int from, int to, PoolEntry entry) {
            Objects.requireNonNull(entry, "entry");
            for (int index = from; index <= to; index++) {
                entryAt(index, entry, "index " + index);
            }
            return this;
        }

        /** Index {@code index} selects {@code entry}; {@code where} names the place for a problem. */
        Builder entryAt(int index, PoolEntry entry, String where) {
            if (index < 0 || index >= SIZE) {
                problems.add(where + ": " + index + " is not an index 0..9");
            } else if (setAt[index] != null) {
                problems.add(where + ": index " + index + " is already given at " + setAt[index]);
            } else {
                entries[index] = entry;
                setAt[index] = where;
            }
            return this;
        }

        /** How the key's scenario tag is read; {@link ScenarioTagger#none()} unless set. */
        public Builder scenarioTagger(ScenarioTagger tagger) {
            this.scenarioTagger = Objects.requireNonNull(tagger, "tagger");
            return this;
        }

        /** The indexes no entry covers yet. */
        Set<Integer> missing() {
            Set<Integer> missing = new TreeSet<>();
            for (int i = 0; i < SIZE; i++) {
                if (entries[i] == null) {
                    missing.add(i);
                }
            }
            return missing;
        }

        /** @throws InvalidPolicyException naming every index given twice, outside 0..9 or not covered */
        public LengthModTenStrategy build() {
            List<String> all = new ArrayList<>(problems);
            Set<Integer> missing = missing();
            if (!missing.isEmpty()) {
                all.add("/pools: " + uncovered(missing));
            }
            if (!all.isEmpty()) {
                throw new InvalidPolicyException("invalid routing table: " + String.join("; ", all));
            }
            return new LengthModTenStrategy(entries.clone(), scenarioTagger);
        }

        static String uncovered(Set<Integer> missing) {
            return "indexes " + missing + " are not covered (every index 0..9 needs exactly one entry)";
        }
    }
}
