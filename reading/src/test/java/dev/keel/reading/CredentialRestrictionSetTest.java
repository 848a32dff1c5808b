package dev.keel.reading;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.Decision;
import dev.keel.policy.PolicyDocument;
import dev.keel.policy.Redaction;
import dev.keel.policy.RestrictionSet;
import dev.keel.policy.RolePolicy;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The shipped credential set ({@link RestrictionSet#CREDENTIALS}) withholds every kind of credential it names,
 * wherever it stands: generated credentials (random bodies from a seeded {@link Random}) in prose, at the start of a
 * line, after a JSON-escaped line break, inside a JSON string; nothing of a secret's body survives (no 16 characters
 * of it in a row). Ordinary prose, short base64-looking words and hashes in code are left alone.
 */
class CredentialRestrictionSetTest {

    private static final long SEED = 20250611L;
    private static final String ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    private static final String BASE64 = ALNUM + "+/";
    private static final String URL_SAFE = ALNUM + "-_";
    private static final String UPPER_AND_DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0234567";

    private static final OutboundFilter FILTER = OutboundFilter.create(
            List.of(RestrictionSet.named(RestrictionSet.CREDENTIALS).orElseThrow().restriction("credentials")));

    /** A credential: the text as written, and the secret part of it that must not survive. */
    private record Credential(String kind, String text, String secret) {
    }

    /** Where a credential stands in a text. */
    private static final List<Function<String, String>> CONTEXTS = List.of(
            credential -> "Here is the key " + credential + ", please keep it safe.",
            credential -> credential + "\nThe next line is ordinary prose.",
            credential -> "{\"log\": \"first line\\n" + credential + "\\nlast line\"}",
            credential -> "{\"api_key\": \"" + credential + "\", \"region\": \"eu-west\"}",
            credential -> "export TOKEN=" + credential,
            credential -> credential);

    private static List<Credential> credentials(Random random) {
        List<Credential> credentials = new ArrayList<>();
        String openAi = random(random, ALNUM, 48);
        credentials.add(new Credential("openai", "sk-" + openAi, openAi));
        String project = random(random, URL_SAFE, 120);
        credentials.add(new Credential("openai project", "sk-proj-" + project, project));
        String anthropic = random(random, URL_SAFE, 95);
        credentials.add(new Credential("anthropic", "sk-ant-api03-" + anthropic, anthropic));
        String keyId = random(random, UPPER_AND_DIGITS, 16);
        credentials.add(new Credential("aws key id", (random.nextBoolean() ? "AKIA" : "ASIA") + keyId, keyId));
        String secret = random(random, BASE64, 40);
        credentials.add(new Credential("aws secret", "aws_secret_access_key = " + secret, secret));
        credentials.add(new Credential("aws secret in json", "\"SecretAccessKey\": \"" + secret + "\"", secret));
        credentials.add(new Credential("aws secret near its key id", "AKIA" + keyId + ", " + secret, secret));
        credentials.add(new Credential("aws secret before its key id", secret + " / AKIA" + keyId, secret));
        for (String prefix : List.of("ghp_", "gho_", "ghu_", "ghs_", "ghr_")) {
            String token = random(random, ALNUM, 36);
            credentials.add(new Credential("github " + prefix, prefix + token, token));
        }
        String fineGrained = random(random, ALNUM, 22) + "_" + random(random, ALNUM, 59);
        credentials.add(new Credential("github fine-grained", "github_pat_" + fineGrained, fineGrained));
        for (String prefix : List.of("xoxb-", "xoxp-", "xoxa-", "xoxr-", "xoxs-")) {
            String token = random(random, "0123456789", 12) + "-" + random(random, "0123456789", 13) + "-"
                    + random(random, ALNUM, 24);
            credentials.add(new Credential("slack " + prefix, prefix + token, token));
        }
        String app = "1-A" + random(random, UPPER_AND_DIGITS, 10) + "-" + random(random, "0123456789", 13) + "-"
                + random(random, "0123456789abcdef", 64);
        credentials.add(new Credential("slack app", "xapp-" + app, app));
        String google = random(random, URL_SAFE, 35);
        credentials.add(new Credential("google api key", "AIza" + google, google));
        String jwt = "eyJ" + random(random, URL_SAFE, 30) + ".eyJ" + random(random, URL_SAFE, 80) + "."
                + random(random, URL_SAFE, 43);
        credentials.add(new Credential("jwt", jwt, jwt.substring(3)));
        String bearer = random(random, ALNUM + "._~+/-", 40);
        credentials.add(new Credential("bearer", "Authorization: Bearer " + bearer, bearer));
        credentials.add(new Credential("bearer, lower case", "authorization: bearer " + bearer, bearer));
        credentials.add(new Credential("bearer in prose", "send Bearer " + bearer + " with it", bearer));
        return credentials;
    }

    @TestFactory
    Stream<DynamicTest> everyKindOfCredentialIsWithheldWhereverItStands() {
        List<DynamicTest> tests = new ArrayList<>();
        for (int round = 0; round < 20; round++) {
            long seed = SEED + round;
            for (Credential credential : credentials(new Random(seed))) {
                for (int c = 0; c < CONTEXTS.size(); c++) {
                    String text = CONTEXTS.get(c).apply(credential.text());
                    String name = credential.kind() + ", context " + c + ", seed " + seed;
                    tests.add(DynamicTest.dynamicTest(name, () -> assertWithheld(name, text, credential.secret())));
                }
            }
        }
        return tests.stream();
    }

    @ParameterizedTest
    @ValueSource(strings = {"\n", "\\n", "\r\n", "\\r\\n"})
    void aPemPrivateKeyIsWithheldFromBeginToEnd(String lineBreak) {
        Random random = new Random(SEED);
        for (String type : List.of("RSA PRIVATE KEY", "PRIVATE KEY", "EC PRIVATE KEY", "OPENSSH PRIVATE KEY",
                "ENCRYPTED PRIVATE KEY", "PGP PRIVATE KEY BLOCK")) {
            List<String> body = new ArrayList<>();
            for (int line = 0; line < 25; line++) {
                body.add(random(random, BASE64, line == 24 ? 28 : 64));
            }
            String block = "-----BEGIN " + type + "-----" + lineBreak + String.join(lineBreak, body) + lineBreak
                    + "-----END " + type + "-----";
            String text = "{\"content\": \"Deploy with this key:" + lineBreak + block + lineBreak
                    + "and tell me why it fails.\"}";

            String filtered = assertWithheld(type + " with " + lineBreak.length() + "-character breaks", text,
                    String.join("", body));

            assertThat(filtered).as(type).isEqualTo("{\"content\": \"Deploy with this key:" + lineBreak
                    + "[credential withheld]" + lineBreak + "and tell me why it fails.\"}");
        }
    }

    @Test
    void aPemBlockWithoutItsEndIsWithheldToTheEndOfTheText() {
        Random random = new Random(SEED);
        List<String> body = new ArrayList<>();
        for (int line = 0; line < 25; line++) {
            body.add(random(random, BASE64, 64));
        }
        String text = "key:\\n-----BEGIN RSA PRIVATE KEY-----\\n" + String.join("\\n", body) + "\\n(pasted in part)";

        String filtered = assertWithheld("unterminated block", text, String.join("", body));

        assertThat(filtered).isEqualTo("key:\\n[credential withheld]");
    }

    @Test
    void twoBlocksAreTwoRedactionsAndTheTextBetweenThemStays() {
        String text = "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\nbetween\n"
                + "-----BEGIN EC PRIVATE KEY-----\nBBBB\n-----END EC PRIVATE KEY-----";

        assertThat(FILTER.apply(Decision.ALLOW, text).text())
                .isEqualTo("[credential withheld]\nbetween\n[credential withheld]");
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "We use sk-learn and scikit-learn for the models; the risk-management-strategy-document is attached.",
        "The AKIA prefix marks an access key id, ASIA a temporary one.",
        "Commit 3f786850e387550fdab836ed7e6dc881de23001b fixed it; see also a94a8fe5ccb19ba61c4c0873d391e987982fbbd3.",
        "digest = \"e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855\"  # sha256 of nothing",
        "A bearer of good news arrived. Bearer tokens expire after an hour.",
        "Create a ghp_ token, or a github_pat_ one, in the settings; Slack's xoxb- tokens start like that.",
        "The header eyJhbGciOiJIUzI1NiJ9 decodes to the algorithm; AIza keys are Google's.",
        "The word dGhpcyBpcyBhIHRlc3Q= is base64, and so is aGVsbG8gd29ybGQ=.",
        "-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUZ\n-----END CERTIFICATE-----",
        "-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE\n-----END PUBLIC KEY-----",
        "Set aws_secret_access_key in the credentials file, never in code."
    })
    void ordinaryTextIsLeftAlone(String text) {
        assertThat(FILTER.apply(Decision.ALLOW, text).text()).isEqualTo(text);
    }

    /** The committee service's policy uses the set rather than patterns of its own. */
    @Test
    void theCommitteePolicyUsesTheSet() throws IOException {
        PolicyDocument committee = PolicyDocument.parse(Files.readString(
                Path.of("..", "examples", "committee", "src", "main", "resources", "committee", "policy.json")));
        String text = "Why does this fail?\n-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAE"
                + "\nbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n-----END OPENSSH PRIVATE KEY-----";

        FilteredText filtered = OutboundFilter.create(committee).apply(Decision.ALLOW, text);

        assertThat(committee.restrictions().get(0).patterns())
                .isEqualTo(RestrictionSet.named(RestrictionSet.CREDENTIALS).orElseThrow().patterns());
        assertThat(filtered.text()).isEqualTo("Why does this fail?\n[credential withheld]");
        assertThat(filtered.redactions()).extracting(Redaction::kind).containsExactly("no_credentials");
    }

    @Test
    void aDocumentWritesBackTheSetItUsesAndMayReplaceItsReplacement() {
        String json = "{\"policy_id\":\"x\",\"version\":\"1\",\"roles\":{\"p\":{\"allowed_clearances\":[\"s\"],"
                + "\"allowed_domains\":[],\"default_decision\":\"ALLOW\"}},\"restrictions\":[{\"id\":\"secrets\","
                + "\"use\":\"keel:credentials\",\"replacement\":\"[secret]\"}]}";
        PolicyDocument parsed = PolicyDocument.parse(json);
        PolicyDocument built = PolicyDocument.builder().policyId("x").version("1")
                .role("p", new RolePolicy(List.of("s"), List.of(), Decision.ALLOW, List.of()))
                .restrictionSet("secrets", RestrictionSet.CREDENTIALS).build();

        @SuppressWarnings("unchecked")
        java.util.Map<String, Object> entry = ((List<java.util.Map<String, Object>>) parsed.toTree().get("restrictions")).get(0);
        assertThat(entry).containsEntry("use", "keel:credentials").doesNotContainKey("patterns");
        assertThat(PolicyDocument.fromTree(parsed.toTree())).isEqualTo(parsed);
        assertThat(OutboundFilter.create(parsed).apply(Decision.ALLOW, "key AKIAABCDEFGHIJKLMNOP").text())
                .isEqualTo("key [secret]");
        assertThat(built.restrictions().get(0).replacement()).isEqualTo("[credential withheld]");
        assertThat(built.restrictions().get(0).patterns()).isEqualTo(parsed.restrictions().get(0).patterns());
    }

    /** Filters {@code text} under ALLOW and PARTIAL; no 16 characters of {@code secret} in a row may remain. */
    private static String assertWithheld(String name, String text, String secret) {
        String allowed = null;
        for (Decision decision : List.of(Decision.ALLOW, Decision.PARTIAL)) {
            String filtered = FILTER.apply(decision, text).text();
            for (int i = 0; i + 16 <= secret.length(); i++) {
                String piece = secret.substring(i, i + 16);
                assertThat(filtered).as("%s under %s: %s", name, decision, filtered).doesNotContain(piece);
            }
            assertThat(filtered).as("%s under %s", name, decision).contains("[credential withheld]");
            allowed = allowed == null ? filtered : allowed;
        }
        return allowed;
    }

    private static String random(Random random, String alphabet, int length) {
        StringBuilder text = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            text.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return text.toString();
    }
}
