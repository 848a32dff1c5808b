package dev.keel.examples.springchat;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;

/** The service: {@code mvn -pl examples/spring-chat -am spring-boot:run}, then open {@code http://localhost:8080/}. */
@SpringBootApplication
@EnableConfigurationProperties(ChatAccounts.class)
public class SpringChatApplication {

    public static void main(String[] args) {
        SpringApplication.run(SpringChatApplication.class, args);
    }
}
