package dev.keel.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.BackendException;
import dev.keel.core.Decision;
import dev.keel.core.InvalidInputException;
import dev.keel.core.Principal;
import dev.keel.core.spi.Embedder;
import dev.keel.core.spi.Embedding;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class GovernanceKnowledgeTest {

    private final GovernanceKnowledge knowledge = MarpFixtures.knowledge();

    @Test
    void splitsMarkdownIntoParagraphsUnderTheirHeadings() {
        List<KnowledgePassage> passages = knowledge.passages();

        assertThat(passages).allSatisfy(p -> {
            assertThat(p.source()).isEqualTo("marp_governance_knowledge.md");
            assertThat(p.text()).isNotBlank().doesNotStartWith("#");
            assertThat(p.text().length()).isLessThanOrEqualTo(GovernanceKnowledge.DEFAULT_MAX_PASSAGE_LENGTH);
        });
        assertThat(passages).extracting(KnowledgePassage::index).containsExactlyElementsOf(
                java.util.stream.IntStream.range(0, passages.size()).boxed().toList());
        assertThat(passages.get(0).section()).isEqualTo("MARP governance knowledge");
        assertThat(passages).filteredOn(p -> p.text().startsWith("A request is denied")).singleElement()
                .extracting(KnowledgePassage::section).isEqualTo("MARP governance knowledge > Decisions > Denied requests");
        assertThat(passages).filteredOn(p -> p.text().startsWith("- No unit-level")).singleElement()
                .extracting(KnowledgePassage::text).asString().contains("\n- No vendor breakdowns");
    }

    @Test
    void longParagraphsAreSplitAtListItemsThenSentences() {
        String sentence = "This sentence is about forty-five characters. ";
        String markdown = "# Title\n\n" + sentence.repeat(6) + "\n\n- item one " + "x ".repeat(20) + "\n- item two\n"
                + "- item three " + "y ".repeat(20) + "\n\n```\ncode\n\nstill code\n```\n";

        List<KnowledgePassage> passages = GovernanceKnowledge.fromMarkdown("t.md", markdown, 100).passages();

        assertThat(passages).allSatisfy(p -> assertThat(p.text().length()).isLessThanOrEqualTo(100));
        assertThat(passages.get(0).text()).startsWith("This sentence").endsWith("characters.");
        assertThat(passages).anySatisfy(p -> assertThat(p.text()).startsWith("- item one"));
        assertThat(passages).anySatisfy(p -> assertThat(p.text()).isEqualTo("```\ncode\n\nstill code\n```"));
    }

    @Test
    void aWordLongerThanTheMaximumIsCut() {
        List<KnowledgePassage> passages = GovernanceKnowledge.fromMarkdown("t.md", "z".repeat(250), 100).passages();

        assertThat(passages).extracting(p -> p.text().length()).containsExactly(100, 100, 50);
    }

    @Test
    void tooSmallAMaximumIsRejected() {
        assertThatThrownBy(() -> GovernanceKnowledge.fromMarkdown("t.md", "text", 10))
                .isInstanceOf(InvalidInputException.class);
    }

    @Test
    void bm25FindsTheParagraphAboutTheQuery() {
        KnowledgeRanker ranker = KnowledgeRanker.bm25(knowledge);

        List<RankedPassage> ranked = ranker.rank("why was my request denied? unknown role", 3);

        assertThat(ranked).isNotEmpty().hasSizeLessThanOrEqualTo(3);
        assertThat(ranked.get(0).passage().text()).startsWith("A request is denied");
        assertThat(ranked).isSortedAccordingTo((a, b) -> Double.compare(b.score(), a.score()));
        assertThat(ranker.rank("zebra xylophone", 3)).isEmpty();
        assertThat(ranker.rank("denied", 0)).isEmpty();
    }

    @Test
    void pluralsMatchSingulars() {
        KnowledgeRanker ranker = KnowledgeRanker.bm25(GovernanceKnowledge.fromMarkdown("t.md",
                "The calendar is fixed.\n\nNothing else here."));

        assertThat(ranker.rank("calendars", 5)).extracting(r -> r.passage().index()).containsExactly(0);
    }

    @Test
    void tiesAreBrokenByDocumentOrder() {
        KnowledgeRanker ranker = KnowledgeRanker.bm25(GovernanceKnowledge.fromMarkdown("t.md",
                "alpha beta\n\ngamma\n\nbeta alpha\n\nalpha beta"));

        assertThat(ranker.rank("alpha", 5)).extracting(r -> r.passage().index()).containsExactly(0, 2, 3);
    }

    @Test
    void rationaleRetrievesWhatExplainsTheDecision() {
        PolicyEvaluator evaluator = PolicyEvaluator.create(MarpFixtures.policy());
        KnowledgeRanker ranker = KnowledgeRanker.bm25(knowledge);

        PolicyDecision denied = evaluator.evaluate(Principal.of("admiral", "secret"), List.of());
        PolicyDecision partial = evaluator.evaluate(Principal.of("planner", "secret"), List.of("marp_provenance_views"));

        assertThat(ranker.rationale(denied, List.of(), 1).get(0).passage().section()).endsWith("Denied requests");
        assertThat(ranker.rationale(partial, List.of("marp_provenance_views"), 3))
                .extracting(r -> r.passage().section()).anySatisfy(s -> assertThat(s).endsWith("Partial answers"));
    }

    /** Counts letters a..z: texts sharing letters point the same way. Deterministic, as an embedder must be. */
    private static final class LetterEmbedder implements Embedder {
        final AtomicInteger calls = new AtomicInteger();

        @Override
        public List<Embedding> embed(List<String> texts) {
            calls.incrementAndGet();
            List<Embedding> out = new ArrayList<>();
            for (String text : texts) {
                float[] v = new float[26];
                for (char c : text.toLowerCase().toCharArray()) {
                    if (c >= 'a' && c <= 'z') {
                        v[c - 'a']++;
                    }
                }
                out.add(Embedding.of(v));
            }
            return out;
        }
    }

    @Test
    void theSemanticRankerTakesAnyEmbedder() {
        GovernanceKnowledge small = GovernanceKnowledge.fromMarkdown("t.md", "zzz zzz\n\naaa bbb\n\nzzz zzz");
        LetterEmbedder embedder = new LetterEmbedder();

        KnowledgeRanker ranker = KnowledgeRanker.semantic(small, embedder);
        List<RankedPassage> ranked = ranker.rank("zz", 3);

        assertThat(embedder.calls).hasValue(2);
        // Passages 0 and 2 are identical: the tie goes to document order.
        assertThat(ranked).extracting(r -> r.passage().index()).containsExactly(0, 2, 1);
        assertThat(ranked.get(0).score()).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(ranker.rank("zz", 1)).hasSize(1);
    }

    @Test
    void anEmbedderReturningTheWrongNumberOfVectorsIsABackendError() {
        Embedder broken = texts -> List.of(Embedding.of(new float[] {1}));
        GovernanceKnowledge two = GovernanceKnowledge.fromMarkdown("t.md", "one\n\ntwo");

        assertThatThrownBy(() -> KnowledgeRanker.semantic(two, broken))
                .isInstanceOf(BackendException.class).hasMessageContaining("1 vectors for 2 passages");
    }

    @Test
    void theSemanticRankerRanksTheMarpKnowledge() {
        KnowledgeRanker ranker = KnowledgeRanker.semantic(knowledge, new LetterEmbedder());

        List<RankedPassage> first = ranker.rationale(PolicyEvaluator.create(MarpFixtures.policy())
                .evaluate(Principal.of("admiral", "secret"), List.of()), List.of(), 2);
        List<RankedPassage> again = ranker.rank(dev.keel.policy.RationaleQuery.of(Decision.DENY,
                List.of("role_unknown"), List.of()), 2);

        assertThat(first).hasSize(2).isEqualTo(again);
    }
}
