package dev.keel.examples.springchat;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;

/** The service: {@code mvn -pl examples/spring-chat -am spring-boot:run}, then {@code POST /chat}. */
@SpringBootApplication
@EnableConfigurationProperties(ChatUsers.class)
public class SpringChatApplication {

    public static void main(String[] args) {
        SpringApplication.run(SpringChatApplication.class, args);
    }
}
