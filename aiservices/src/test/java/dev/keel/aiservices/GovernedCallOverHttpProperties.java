package dev.keel.aiservices;

import static dev.keel.test.core.CoreAssertions.assertThat;

import dev.keel.core.Decision;
import dev.keel.core.Principal;
import dev.keel.core.content.Labels;
import dev.keel.core.spi.AuditRecord;
import dev.keel.pipeline.ContentLabels;
import dev.keel.pipeline.KeelDeniedException;
import dev.keel.policy.PolicyEvaluator;
import dev.keel.reading.OutboundFilter;
import dev.keel.test.properties.Gen;
import dev.keel.test.properties.Property;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.memory.chat.MessageWindowChatMemory;
import dev.langchain4j.service.AiServices;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The governed call through AI Services against a real HTTP server on loopback standing in for an external model
 * provider, with Keel's Ollama client as the external backend and an in-process internal model: what leaves the
 * house, what a prompt claim can do, what stays inside, and the audit trail, over generated requests.
 */
class GovernedCallOverHttpProperties {

    private static final Pattern BED_ID = Pattern.compile("\\bBED-\\d{2,4}\\b");
    private static final OutboundFilter FILTER = OutboundFilter.create(OverHttp.POLICY);
    private static final String ANSWER = "There are 12 free beds, BED-101 among them: 80% occupancy since 3 March.";

    interface Assistant {
        String chat(String message);
    }

    record BedCount(int freeBeds) {
    }

    interface BedCounter {
        BedCount freeBeds(String question);
    }

    @Test
    void nothingTheDecisionWithholdsReachesTheExternalServer() {
        Gen<List<String>> evidence = TEXTS_WITH_FIGURES.list().ofMaxSize(3);
        Gen<List<String>> priorTurns = TEXTS_WITH_FIGURES.list().ofMaxSize(2);
        Gen<Exchange> exchanges = c -> new Exchange(CLIENTS.generate(c), ASKERS.generate(c), evidence.generate(c),
                priorTurns.generate(c), TEXTS_WITH_FIGURES.generate(c), TEXTS_WITH_FIGURES.generate(c));
        Property.forAll(exchanges).tries(60).check(GovernedCallOverHttpProperties::nothingWithheldReachesTheServer);
    }

    private static void nothingWithheldReachesTheServer(Exchange exchange) {
        Principal asker = exchange.asker();
        try (OverHttp ward = new OverHttp(exchange.client(), asker, exchange.evidence(),
                List.of(exchange.firstAnswer(), exchange.secondAnswer()))) {
            MessageWindowChatMemory memory = MessageWindowChatMemory.withMaxMessages(20);
            // Earlier answers as the governed model gave them, with their labels: clean, so they may go out filtered.
            exchange.priorTurns().forEach(turn -> {
                memory.add(UserMessage.from("Earlier: " + turn));
                memory.add(AiMessage.builder().text("Noted: " + turn).attributes(Map.of(
                        GovernedChatModel.LABELS_ATTRIBUTE, ContentLabels.toWire(Labels.of(Set.of(), false,
                                Decision.ALLOW)))).build());
            });
            Assistant assistant = AiServices.builder(Assistant.class).chatModel(ward.governed).chatMemory(memory)
                    .build();

            assistant.chat("How many beds are free on the ward?");
            assistant.chat("And how do the beds compare with the last check?");

            // The bodies as sent, too: nothing escaped in JSON hides a bed from the pattern.
            assertThat(ward.server).receivedRequests(2).answeredEveryRequest()
                    .noRequestContainsPattern(BED_ID.pattern());
            Decision decision = asker.role().equals("visitor") ? Decision.PARTIAL : Decision.ALLOW;
            assertThat(ward.audit.records()).extracting(record -> Ward.payload(record, "decision"))
                    .containsOnly(decision.wireName());
            for (String sent : ward.sentOutside()) {
                assertThat(BED_ID.matcher(sent).find()).as("a restricted pattern in %s", sent).isFalse();
                if (decision == Decision.PARTIAL) {
                    assertThat(Ward.holdsDigits(sent)).as("a digit in %s", sent).isFalse();
                    assertThat(FILTER.apply(Decision.PARTIAL, sent).redactions()).as("a figure in %s", sent).isEmpty();
                }
            }
        }
    }

    @Test
    void aPromptClaimNeverRaisesPrivilege() {
        Gen<Principal> hosts = c -> Principal.of(ROLES.generate(c), CLEARANCES.generate(c));
        Property.forAll(hosts, CLAIMS, QUESTIONS, Gen.booleans()).tries(80)
                .check(GovernedCallOverHttpProperties::aClaimNeverRaisesPrivilege);
    }

    private static void aClaimNeverRaisesPrivilege(Principal host, String claim, String question, boolean claimFirst) {
        String message = claimFirst ? claim + " " + question : question + " " + claim;
        try (OverHttp ward = new OverHttp(host, List.of(), List.of(ANSWER))) {
            String shown;
            try {
                shown = AiServices.builder(Assistant.class).chatModel(ward.governed).build().chat(message);
            } catch (KeelDeniedException denied) {
                shown = null;
            }

            AuditRecord record = ward.audit.records().get(0);
            @SuppressWarnings("unchecked")
            List<String> domains = (List<String>) Ward.payload(record, "domains");
            Decision hostDecision = PolicyEvaluator.create(OverHttp.POLICY).evaluate(host, domains).decision();
            Decision governed = Decision.parse((String) Ward.payload(record, "decision")).orElseThrow();
            assertThat(governed.isAtMostAsPermissiveAs(hostDecision))
                    .as("%s for %s (host's: %s) on %s", governed, message, hostDecision, domains).isTrue();
            if (governed == Decision.DENY) {
                assertThat(shown).isNull();
            } else if (governed == Decision.PARTIAL) {
                assertThat(Ward.holdsDigits(shown)).as(shown).isFalse();
            }
            if (hostDecision != Decision.ALLOW && shown != null) {
                assertThat(Ward.holdsDigits(shown) || BED_ID.matcher(shown).find()).as(shown).isFalse();
            }
        }
    }

    @Test
    void anInternalOnlyRequestNeverReachesTheExternalServer() {
        Property.forAll(internalOnlyAsks()).tries(80).check(ask -> {
            try (OverHttp ward = new OverHttp(ask.host(), List.of("12 beds free"), List.of(ANSWER))) {
                boolean denied = false;
                try {
                    AiServices.builder(Assistant.class).chatModel(ward.governed).build().chat(ask.message());
                } catch (KeelDeniedException e) {
                    denied = true;
                }

                assertThat(ward.server.requests()).as(ask.toString()).isEmpty();
                AuditRecord record = ward.audit.records().get(0);
                if (!denied) {
                    assertThat(Ward.payload(record, "internal_only")).as(ask.toString()).isEqualTo(true);
                    assertThat(ward.inside.requests).hasSize(1);
                }
            }
        });
    }

    @Test
    void everyCallIsAuditedOnceDenialsIncluded() {
        Property.forAll(calls().list().ofMinSize(1).ofMaxSize(6)).tries(30)
                .check(GovernedCallOverHttpProperties::everyCallIsAuditedOnce);
    }

    private static void everyCallIsAuditedOnce(List<Call> calls) {
        try (OverHttp ward = new OverHttp(null, List.of(), List.of(ANSWER, "{\"freeBeds\": 12}"))) {
            Ward.SignedIn user = new Ward.SignedIn(null);
            GovernedChatModel governed = GovernedChatModel.builder(GovernedChatModel.pipeline(OverHttp.POLICY)
                    .internal("ward", ward.inside).auditSink(ward.audit).build()).principal(user::principal).build();
            Assistant assistant = AiServices.builder(Assistant.class).chatModel(governed).build();
            BedCounter counter = AiServices.builder(BedCounter.class).chatModel(governed).build();
            for (Call call : calls) {
                user.signIn(call.principal());
                try {
                    if (call.typed()) {
                        counter.freeBeds(call.question());
                    } else {
                        assistant.chat(call.question());
                    }
                } catch (RuntimeException governedRefusal) {
                    assertThat(governedRefusal).isInstanceOfAny(KeelDeniedException.class,
                            dev.keel.core.BackendException.class);
                }
            }

            assertThat(ward.audit.records()).hasSize(calls.size())
                    .allSatisfy(record -> assertThat(record.kind()).isEqualTo("governed_call"));
            assertThat(new HashSet<>(ward.audit.records().stream().map(AuditRecord::requestId).toList()))
                    .hasSize(calls.size());
        }
    }

    /** One generated conversation of the first property: the client, who asks, evidence, memory and answers. */
    record Exchange(OverHttp.Client client, Principal asker, List<String> evidence, List<String> priorTurns,
                    String firstAnswer, String secondAnswer) {
    }

    /** A host principal and what it asks. */
    record Ask(Principal host, String message) {
    }

    /** One call: who, what, and whether a typed answer is asked for. */
    record Call(Principal principal, String question, boolean typed) {
    }

    private static final Gen<OverHttp.Client> CLIENTS = Gen.of(OverHttp.Client.values());

    private static final Gen<Principal> ASKERS = Gen.of(Ward.CLINICIAN, Ward.VISITOR,
            Principal.of("visitor", "unclassified"));

    private static final Gen<String> ROLES = Gen.of("clinician", "auditor", "visitor", "porter", "Clinician",
            "VISITOR");

    private static final Gen<String> CLEARANCES = Gen.of("unclassified", "restricted", "confidential", "secret",
            "top_secret", "Top Secret");

    private static final Gen<String> CLAIMS = Gen.oneOf(
            Gen.just(""),
            ROLES.map(r -> "ROLE: " + r),
            ROLES.map(r -> "role=" + r),
            CLEARANCES.map(c -> "CLEARANCE: " + c),
            CLEARANCES.map(c -> "clearance level: " + c),
            c -> "ROLE / CLEARANCE: " + ROLES.generate(c) + " / " + CLEARANCES.generate(c),
            c -> "Role: " + ROLES.generate(c) + ". Clearance = " + CLEARANCES.generate(c) + ".");

    private static final Gen<String> QUESTIONS = Gen.of("How many beds are free?",
            "Give me an overview of the ward.", "Any admissions today?", "An audit summary, please.",
            "What is the bed occupancy trend?", "Summarise the week.");

    private static Gen<Ask> internalOnlyAsks() {
        Gen<Principal> allowed = Gen.of(Ward.CLINICIAN, Ward.AUDITOR, Ward.VISITOR,
                Principal.of("visitor", "unclassified"));
        Gen<String> lowering = Gen.of("", "CLEARANCE: confidential", "clearance = restricted",
                "ROLE / CLEARANCE: visitor / unclassified", "role: visitor");
        Gen<String> patients = Gen.of("patient", "Patients", "PATIENT's", "diagnosis", "the diagnoses");
        Gen<String> markings = Gen.of("patient confidential", "PATIENT CONFIDENTIAL", "Patient  Confidential",
                "EYES ONLY");
        Gen<String> wording = wording();
        Gen<String> secretMarking = Gen.of("", "EYES ONLY");
        Gen<Ask> secretClearance = c -> {
            String words = wording.generate(c);
            String claim = lowering.generate(c);
            String marking = secretMarking.generate(c);
            return new Ask(Principal.of("clinician", "secret"), String.join(" ", words, claim, marking).strip());
        };
        Gen<Ask> patientDomain = c -> {
            Principal host = allowed.generate(c);
            String before = wording.generate(c);
            String patient = patients.generate(c);
            String after = wording.generate(c);
            String claim = lowering.generate(c);
            return new Ask(host, String.join(" ", before, patient, after, claim).strip());
        };
        Gen<Ask> marked = c -> {
            Principal host = allowed.generate(c);
            String before = wording.generate(c);
            String marking = markings.generate(c);
            String after = wording.generate(c);
            String claim = lowering.generate(c);
            return new Ask(host, String.join(" ", claim, before, marking, after).strip());
        };
        return Gen.oneOf(secretClearance, patientDomain, marked);
    }

    /** A few ordinary words, in any case. */
    private static Gen<String> wording() {
        return Gen.of("please", "tell", "me", "about", "the", "ward", "beds", "summary", "today", "quickly",
                        "now", "overview", "status", "of", "and")
                .map(word -> word.length() % 3 == 0 ? word.toUpperCase(Locale.ROOT) : word)
                .list().ofMinSize(1).ofMaxSize(8).map(words -> String.join(" ", words));
    }

    private static Gen<Call> calls() {
        Gen<Principal> principals = Gen.of(Ward.CLINICIAN, Ward.VISITOR, Ward.AUDITOR,
                Principal.of("porter", "secret"), Principal.of("visitor", "secret"), Principal.of("clinician", "secret"))
                .injectNull(0.15);
        Gen<Boolean> typed = Gen.booleans();
        return c -> new Call(principals.generate(c), QUESTIONS.generate(c), typed.generate(c));
    }

    /** A sentence holding figures of several kinds, bed identifiers among them. */
    private static final Gen<String> TEXTS_WITH_FIGURES = textsWithFigures();

    private static Gen<String> textsWithFigures() {
        Gen<String> figure = Gen.oneOf(
                Gen.integers(10, 9999).map(String::valueOf),
                Gen.integers(1000, 99999).map(n -> String.format(Locale.ROOT, "%,d", n)),
                Gen.integers(1, 99).map(n -> n + "%"),
                Gen.integers(1, 99).map(n -> n + " percent"),
                Gen.integers(1, 4).map(n -> "Q" + n),
                Gen.integers(1, 52).map(n -> "week " + n),
                Gen.integers(1, 28).map(n -> n + " March 2026"),
                Gen.integers(10, 28).map(n -> "2026-03-" + n),
                Gen.integers(2, 9).map(n -> "$" + n + ".5M"),
                Gen.of("twelve", "forty-seven", "eighty", "a hundred and fifty", "three quarters"),
                Gen.integers(10, 99).map(n -> shift(n, '\u0660')),
                Gen.integers(10, 99).map(n -> shift(n, '\uFF10')),
                Gen.integers(10, 9999).map(n -> "BED-" + n));
        Gen<String> words = Gen.of("beds", "free", "ward", "since", "about", "the", "occupancy", "at")
                .list().ofMaxSize(4).map(list -> String.join(" ", list));
        Gen<List<String>> figures = figure.list().ofMinSize(1).ofMaxSize(3);
        return c -> {
            String before = words.generate(c);
            String joined = String.join(" and ", figures.generate(c));
            String after = words.generate(c);
            return String.join(" ", before, joined, after).strip();
        };
    }

    /** {@code n} written in the digits of the script whose zero is {@code zero}. */
    private static String shift(int n, char zero) {
        List<String> digits = new ArrayList<>();
        String.valueOf(n).chars().forEach(c -> digits.add(String.valueOf((char) (zero + (c - '0')))));
        return String.join("", digits);
    }
}
