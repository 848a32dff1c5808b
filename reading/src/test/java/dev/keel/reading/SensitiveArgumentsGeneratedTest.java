package dev.keel.reading;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.Principal;
import dev.keel.core.content.Part;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.json.JsonPointers;
import dev.keel.core.text.Names;
import dev.keel.policy.PolicyDocument;
import dev.keel.policy.PolicyEvaluator;
import dev.keel.policy.Redaction;
import dev.keel.policy.ToolCallVerdict;
import dev.keel.policy.ToolGate;
import dev.keel.policy.ToolTurn;
import dev.keel.policy.loader.PolicyFiles;
import dev.keel.test.properties.Gen;
import dev.keel.test.properties.Property;
import dev.keel.test.properties.Weighted;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Sensitive arguments over generated spellings and nestings: whatever spelling the policy and the model give a
 * sensitive argument's name (case, full width, white space around it, invisible characters, combining marks, any
 * separator: every form {@link Names#canonical} folds), and however deep the model puts it (nested objects, arrays
 * of objects), its value never reaches an external tool in an ALLOW turn, read on the arguments as the tool would
 * receive them, as JSON; a member of another name beside it arrives as given. Cases are drawn by the property
 * harness from fixed seeds (a failure names its seed and the smallest failing case).
 */
class SensitiveArgumentsGeneratedTest {

    private static final long SEED = 20250914L;
    private static final JsonCodec JSON = JsonCodec.strict();
    private static final PolicyDocument POLICY = PolicyFiles.readPolicyResource(
            SensitiveArgumentsGeneratedTest.class.getClassLoader(), "dev/keel/reading/tools_policy.json");
    // The policy's filter, made once: each case's policy differs from it only in the names of sensitive arguments.
    private static final OutboundFilter EGRESS = OutboundFilter.create(POLICY);
    private static final Principal ANALYST = Principal.of("analyst", "secret");
    private static final ToolTurn ALLOW_TURN = new ToolTurn(ANALYST,
            PolicyEvaluator.create(POLICY).evaluate(ANALYST, List.of()), List.of(), false);

    /** The sensitive names, canonical; none is the canonical form of a wrapping member's name or of "note". */
    private static final List<String> SENSITIVE = List.of("account", "account_id", "iban2");
    private static final List<String> WRAPPERS = List.of("query", "filter", "legs", "rows", "payload", "accounts");

    private static final Gen<String> SPACE = Gen.of("", " ", "\t", "\n", "\u00A0", "\u3000", "\uFEFF", "\u2007");
    private static final Gen<String> SEPARATOR = Gen.of("_", " ", "-", "__", " - ", "\u2010", "\u2013", "\u2014",
            "\uFF3F", "\uFF0D", "\u3000", "\u00A0", "\t");
    private static final Gen<String> INSIDE = Gen.frequency(Weighted.of(6, Gen.just("")),
            Weighted.of(1, Gen.of("\u200B", "\u00AD", "\u2060", "\u200D", "\uFE0F")),
            Weighted.of(1, Gen.of("\u0301", "\u0308", "\u0327", "\u0323")));

    /** A spelling of the canonical {@code name}: each letter or digit in either case and width, any separator. */
    private static Gen<String> spelling(String name) {
        return choices -> {
            StringBuilder spelt = new StringBuilder(SPACE.generate(choices));
            for (int i = 0; i < name.length(); i++) {
                char c = name.charAt(i);
                if (c == '_') {
                    spelt.append(SEPARATOR.generate(choices));
                    continue;
                }
                char cased = choices.nextBoolean(0.5) ? Character.toUpperCase(c) : c;
                spelt.append(choices.nextBoolean(0.3) ? (char) (cased - 0x21 + 0xFF01) : cased);
                spelt.append(INSIDE.generate(choices));
            }
            return spelt.append(SPACE.generate(choices)).toString();
        };
    }

    private static final Gen<String> WORDS = Gen.strings().withCharRange('a', 'z').ofLength(12);

    /** What a sensitive argument holds (a string, a number, an object, an array) and a piece of it to look for. */
    private record Secret(Object value, String findable) {
    }

    private static final Gen<Secret> SECRETS = Gen.oneOf(
            WORDS.map(word -> new Secret("Alice Reed " + word, word)),
            Gen.longs(1_000_000_000_000L, 9_999_999_999_999L).map(n -> new Secret(n, n.toString())),
            WORDS.map(word -> new Secret(Map.of("holder", "Alice Reed " + word, "team", "ops"), word)),
            WORDS.map(word -> new Secret(List.of("AC-7781 " + word, "AC-1020"), word)));

    /** One step out from the sensitive member: wrapped in an object's member, or an item of an array of objects. */
    private record Step(String wrapper, int index, int length, boolean array) {
    }

    private static final Gen<Step> STEPS = choices -> {
        String wrapper = Gen.of(WRAPPERS).generate(choices);
        int length = Gen.integers(1, 3).generate(choices);
        return new Step(wrapper, Gen.integers(0, length - 1).generate(choices), length, choices.nextBoolean(0.5));
    };

    /** A generated call: the arguments, and where the sensitive member is in them. */
    private record Nested(Map<String, Object> arguments, String pointer, Secret secret, String control) {
    }

    private static Gen<Nested> nested(Gen<String> names) {
        Gen<List<Step>> paths = STEPS.list().ofMaxSize(4);
        return choices -> {
            String name = names.generate(choices);
            Secret secret = SECRETS.generate(choices);
            String control = "note " + WORDS.generate(choices);
            Map<String, Object> inner = new LinkedHashMap<>();
            inner.put("note", control);
            inner.put(name, secret.value());
            String pointer = JsonPointers.child("", name);
            Object value = inner;
            // Built from the inside out; the pointer is built the same way, each step put in front.
            for (Step step : paths.generate(choices)) {
                String prefix;
                if (step.array()) {
                    List<Object> items = new ArrayList<>();
                    for (int i = 0; i < step.length(); i++) {
                        items.add(i == step.index() ? value : Map.of("side", i % 2 == 0 ? "buy" : "sell"));
                    }
                    value = Map.of(step.wrapper(), items);
                    prefix = JsonPointers.child(JsonPointers.child("", step.wrapper()), step.index());
                } else {
                    Map<String, Object> wrapper = new LinkedHashMap<>();
                    wrapper.put("currency", "EUR");
                    wrapper.put(step.wrapper(), value);
                    value = wrapper;
                    prefix = JsonPointers.child("", step.wrapper());
                }
                pointer = prefix + pointer;
            }
            @SuppressWarnings("unchecked")
            Map<String, Object> arguments = (Map<String, Object>) value;
            return new Nested(arguments, pointer, secret, control);
        };
    }

    /** The policy with {@code spelt} as the external tool's sensitive arguments. */
    @SuppressWarnings("unchecked")
    private static ToolGate gate(List<String> spelt) {
        Map<String, Object> tree = new LinkedHashMap<>(POLICY.toTree());
        Map<String, Object> tools = new LinkedHashMap<>((Map<String, Object>) tree.get("tools"));
        Map<String, Object> fxRates = new LinkedHashMap<>((Map<String, Object>) tools.get("fx_rates"));
        fxRates.put("sensitive_arguments", spelt);
        tools.put("fx_rates", fxRates);
        tree.put("tools", tools);
        return ToolGate.create(PolicyDocument.fromTree(tree), EGRESS);
    }

    private static Object at(Object tree, String pointer) {
        Object value = tree;
        for (String token : JsonPointers.parse(pointer)) {
            value = value instanceof List<?> items ? items.get(Integer.parseInt(token)) : ((Map<?, ?>) value).get(token);
        }
        return value;
    }

    /** The last name on {@code pointer}: the generated member's. */
    private static String member(String pointer) {
        List<String> tokens = JsonPointers.parse(pointer);
        return tokens.get(tokens.size() - 1);
    }

    @Test
    void aSensitiveArgumentInAnySpellingAtAnyDepthNeverReachesAnExternalTool() {
        Gen<String> sensitive = Gen.of(SENSITIVE);
        Gen<List<String>> policySpellings = choices -> {
            List<String> spelt = new ArrayList<>();
            for (String name : SENSITIVE) {
                spelt.add(spelling(name).generate(choices));
            }
            return spelt;
        };
        Gen<Nested> calls = nested(sensitive.flatMap(SensitiveArgumentsGeneratedTest::spelling));
        Property.forAll(policySpellings, calls).tries(400).seed(SEED).check((spelt, call) -> {
            assertThat(Names.canonical(member(call.pointer()))).as("a sensitive name").isIn(SENSITIVE);

            ToolCallVerdict verdict = gate(spelt).check(ALLOW_TURN, Part.ToolCall.of("c1", "fx_rates",
                    call.arguments()));

            assertThat(verdict.allowed()).as("%s", verdict.toAuditWire()).isTrue();
            Map<String, Object> sent = verdict.sendable().orElseThrow().arguments();
            String wire = JSON.write(sent);
            assertThat(wire).as("sent for %s", spelt).doesNotContain(call.secret().findable());
            assertThat(at(sent, call.pointer())).isEqualTo("[argument withheld]");
            assertThat(verdict.redactions()).filteredOn(r -> ToolCallVerdict.SENSITIVE_ARGUMENT.equals(r.kind()))
                    .extracting(Redaction::pointer).containsExactly(call.pointer());
            String sibling = call.pointer().substring(0, call.pointer().lastIndexOf('/')) + "/note";
            assertThat(at(sent, sibling)).isEqualTo(call.control());
        });
    }

    @Test
    void anArgumentOfAnotherNameArrivesAsGiven() {
        Gen<String> others = Gen.oneOf(Gen.of("account.id", "account:id", "accoun_t"),
                Gen.of("accounts", "acc", "accountid2", "iban", "holder")
                        .flatMap(SensitiveArgumentsGeneratedTest::spelling));
        ToolGate gate = gate(SENSITIVE);
        Property.forAll(nested(others)).tries(300).seed(SEED + 1).check(call -> {
            assertThat(Names.canonical(member(call.pointer()))).as("another name").isNotIn(SENSITIVE);
            Part.ToolCall given = Part.ToolCall.of("c1", "fx_rates", call.arguments());

            ToolCallVerdict verdict = gate.check(ALLOW_TURN, given);

            assertThat(verdict.redactions()).isEmpty();
            assertThat(verdict.sendable().orElseThrow().arguments()).isEqualTo(given.arguments());
        });
    }
}
