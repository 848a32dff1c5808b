package dev.keel.examples.springchat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.keel.core.spi.AuditSink;
import dev.keel.store.jdbc.JdbcAuditSink;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The page as its users see it, in a real headless Chromium (Debian's {@code chromium} and {@code chromium-driver})
 * against the application on a random loopback port: a guest and a planner sign in, type the same question, and each
 * sees the answer streamed in, then its provenance. Without the browser the test is skipped, except under
 * {@code CI=true}, where it fails.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "server.address=127.0.0.1")
class ChatPageBrowserTest {

    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    /** Generous: the wait ends as soon as the page is done; only a page that never finishes waits this long. */
    private static final Duration PATIENCE = Duration.ofSeconds(60);
    private static final String QUESTION = "When is payroll run and how big is the bonus pool?";

    @TempDir
    static Path data;

    @DynamicPropertySource
    static void store(DynamicPropertyRegistry properties) {
        properties.add("keel.store.url", () -> "jdbc:sqlite:" + data.resolve("keel.db"));
    }

    private static WebDriver browser;

    @LocalServerPort
    int port;

    @Autowired
    AuditSink auditSink;

    @BeforeAll
    static void startBrowser(@TempDir Path profile) {
        boolean present = Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER);
        if (!present && "true".equals(System.getenv("CI"))) {
            fail("the browser test needs Chromium and its driver at " + CHROMIUM + " and " + CHROMEDRIVER
                    + ": install them with apt-get install chromium chromium-driver");
        }
        assumeTrue(present, "no " + CHROMIUM + " or " + CHROMEDRIVER + " (apt-get install chromium chromium-driver)");
        // The driver and the browser are named, so Selenium never looks for (or downloads) either.
        System.setProperty(ChromeDriverService.CHROME_DRIVER_EXE_PROPERTY, CHROMEDRIVER.toString());
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(new File(CHROMEDRIVER.toString())).usingAnyFreePort().build();
        ChromeOptions options = new ChromeOptions().setBinary(CHROMIUM.toFile())
                .addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                        "--no-first-run", "--user-data-dir=" + profile);
        browser = new ChromeDriver(service, options);
    }

    @AfterAll
    static void stopBrowser() {
        if (browser != null) {
            browser.quit();
        }
    }

    /** What the page shows once an answer has been streamed in, its provenance after it. */
    private record Shown(String answer, int chunks, String decision, String reasonCodes, String withheld,
                         String backend, String requestId, String note) {
    }

    private WebElement element(String id) {
        return browser.findElement(By.id(id));
    }

    private void signIn(String user, String password) {
        browser.get("http://127.0.0.1:" + port + "/");
        element("user").sendKeys(user);
        element("password").sendKeys(password);
        element("sign-in-button").click();
    }

    private Shown ask(String question) {
        WebElement box = element("question");
        box.clear();
        box.sendKeys(question);
        element("ask-button").click();
        new WebDriverWait(browser, PATIENCE).until(driver -> {
            String state = element("status").getDomAttribute("data-state");
            return "done".equals(state) || "failed".equals(state);
        });
        assertThat(element("status").getDomAttribute("data-state")).as(element("status").getText()).isEqualTo("done");
        return new Shown(element("answer").getText(), Integer.parseInt(element("answer").getDomAttribute("data-chunks")),
                element("decision").getText(), element("reason-codes").getText(), element("withheld").getText(),
                element("backend").getText(), element("request-id").getText(), element("note").getText());
    }

    /** Chooses the path the next question takes: {@code path-starter} or {@code path-spring-ai}. */
    private void choose(String path) {
        element(path).click();
        assertThat(element(path).isSelected()).isTrue();
    }

    private void waitForSignedIn(String user) {
        new WebDriverWait(browser, PATIENCE).until(ExpectedConditions.visibilityOfElementLocated(By.id("who")));
        assertThat(element("who").getText()).startsWith("Signed in as " + user + " ");
    }

    /** A guest's answer to {@link #QUESTION}: streamed, PARTIAL, its figures and the account withheld. */
    private static void assertShownToAGuest(Shown guest) {
        assertThat(guest.answer()).contains("Payroll runs on the").contains("[figure withheld]")
                .contains("[account withheld]").doesNotContainPattern("\\d").doesNotContain("DE89");
        assertThat(guest.chunks()).as("the answer is appended as its events arrive").isGreaterThan(1);
        assertThat(guest.decision()).isEqualTo("PARTIAL (answered)");
        assertThat(guest.reasonCodes()).contains("domain_not_allowed");
        assertThat(guest.withheld()).contains("percentage: 4").contains("date: 3").contains("no_bank_accounts: 1");
        assertThat(guest.backend()).isEqualTo(ScriptedModel.ID);
        assertThat(guest.note()).isEqualTo(ScriptedModel.NOTE);
    }

    /** A planner's answer to {@link #QUESTION}: streamed, ALLOW, its figures shown and only the account withheld. */
    private static void assertShownToAPlanner(Shown planner) {
        assertThat(planner.answer()).contains("25th").contains("4.5%").contains("[account withheld]")
                .doesNotContain("[figure withheld]").doesNotContain("DE89");
        assertThat(planner.chunks()).isGreaterThan(1);
        assertThat(planner.decision()).isEqualTo("ALLOW (answered)");
        assertThat(planner.reasonCodes()).contains("role_default_allow").doesNotContain("domain_not_allowed");
        assertThat(planner.backend()).isEqualTo(ScriptedModel.ID);
        assertThat(planner.note()).isEqualTo(ScriptedModel.NOTE);
    }

    @Test
    void aGuestSeesTheAnswerWithItsFiguresWithheldAndAPlannerSeesThemBothWithTheirProvenance() {
        signIn("guest", "guest");
        waitForSignedIn("guest");
        assertThat(element("who").getText()).contains("role guest").contains("clearance public");
        Shown guest = ask(QUESTION);

        assertShownToAGuest(guest);
        assertThat(((JdbcAuditSink) auditSink).find(guest.requestId())).hasValueSatisfying(record -> {
            assertThat(record.payload()).containsEntry("decision", "PARTIAL")
                    .containsEntry("principal", Map.of("role", "guest", "clearance", "public"));
            assertThat(record.payload().toString()).doesNotContain("4.5%");
        });

        element("sign-out").click();
        signIn("planner", "planner");
        waitForSignedIn("planner");
        Shown planner = ask(QUESTION);

        assertShownToAPlanner(planner);
        assertThat(planner.requestId()).isNotEqualTo(guest.requestId());
        assertThat(((JdbcAuditSink) auditSink).find(planner.requestId())).hasValueSatisfying(record ->
                assertThat(record.payload()).containsEntry("decision", "ALLOW")
                        .containsEntry("principal", Map.of("role", "planner", "clearance", "internal")));
    }

    @Test
    void throughSpringAisChatClientAGuestAndAPlannerEachSeeWhatThePolicySaysAndTheMemoryKeepsTheGuestsFilteredReply() {
        signIn("guest", "guest");
        waitForSignedIn("guest");
        choose("path-spring-ai");
        Shown guest = ask(QUESTION);

        assertThat(element("path-used").getText()).startsWith("Spring AI ChatClient");
        assertShownToAGuest(guest);
        assertThat(((JdbcAuditSink) auditSink).find(guest.requestId())).hasValueSatisfying(record ->
                assertThat(record.payload()).containsEntry("decision", "PARTIAL").containsEntry("subject", "guest")
                        .containsEntry("principal", Map.of("role", "guest", "clearance", "public")));

        // The same conversation: the model repeats what the chat memory kept, the reply the guest was shown.
        Shown again = ask("Please repeat your last answer.");
        assertThat(again.answer()).startsWith("I said: Payroll runs on the").contains("[figure withheld]")
                .doesNotContainPattern("\\d");

        element("sign-out").click();
        signIn("planner", "planner");
        waitForSignedIn("planner");
        choose("path-spring-ai");
        Shown planner = ask(QUESTION);

        assertShownToAPlanner(planner);
        assertThat(((JdbcAuditSink) auditSink).find(planner.requestId())).hasValueSatisfying(record ->
                assertThat(record.payload()).containsEntry("decision", "ALLOW").containsEntry("subject", "planner")
                        .containsEntry("principal", Map.of("role", "planner", "clearance", "internal")));
        element("sign-out").click();
    }

    @Test
    void aVisitorIsRefusedOnThePageAndAWrongPasswordDoesNotSignIn() {
        signIn("planner", "guest");
        new WebDriverWait(browser, PATIENCE).until(driver -> !element("sign-in-error").getText().isEmpty());

        assertThat(element("sign-in-error").getText()).contains("wrong password");
        assertThat(element("chat").isDisplayed()).isFalse();

        signIn("visitor", "visitor");
        waitForSignedIn("visitor");
        Shown visitor = ask(QUESTION);

        assertThat(visitor.decision()).isEqualTo("DENY (denied)");
        assertThat(visitor.reasonCodes()).contains("principal_missing");
        assertThat(visitor.answer()).doesNotContain("Payroll runs").doesNotContainPattern("\\d");
        assertThat(visitor.backend()).as("no model was called").isEqualTo("no model (not called)");
        assertThat(visitor.note()).isEmpty();
        element("sign-out").click();
    }
}
